import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONNECTORS } from './connectors/connector-catalog';
import { CLI_DIRECTORY, E2E_TIMEOUT_MS, requireBuiltCli } from './testing/child-cli';

// The READMEs' commands, run as a new user runs them from a clone: `conduit` on PATH from the
// workspace's node_modules/.bin, or `pnpm -s conduit`.

const ROOT = join(CLI_DIRECTORY, '..', '..');
const READMES = [join(ROOT, 'README.md'), join(CLI_DIRECTORY, 'README.md')];

/** The lines of the README's `sh` blocks, comments dropped. */
function shellLines(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1]!
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
}

/** Runs a command line through `sh`, with the PATH the README tells people to export. */
function shell(line: string) {
  const home = mkdtempSync(join(tmpdir(), 'conduit-readme-home-'));
  try {
    return spawnSync('sh', ['-c', line], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        PATH: [join(ROOT, 'node_modules', '.bin'), dirname(process.execPath), process.env.PATH].join(':'),
        HOME: home,
      },
      timeout: 60_000,
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

beforeAll(requireBuiltCli);

describe('the READMEs show commands that work as written', { timeout: E2E_TIMEOUT_MS }, () => {
  it('never run the CLI through plain `pnpm conduit`, whose banner breaks `--json | jq`', () => {
    for (const path of READMES) {
      const offending = shellLines(path).filter((line) => /\bpnpm conduit\b/.test(line));
      expect(offending, path).toEqual([]);
    }
  });

  it('puts `conduit` on PATH from node_modules/.bin after set-up', () => {
    const result = shell('conduit --version --json');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ version: expect.any(String) });
  });

  it('runs `pnpm -s conduit … --json` with nothing but JSON on stdout', () => {
    const result = shell('pnpm -s conduit describe asana tasks get --json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ connector: 'asana', entity: 'tasks', name: 'get' });
  });

  it('runs the offline commands of the READMEs as they are written', () => {
    const offline = READMES.flatMap(shellLines).filter((line) =>
      /^(pnpm -s )?conduit (describe|--version|--help)\b/.test(line),
    );
    expect(offline.length).toBeGreaterThan(1);
    for (const line of offline) {
      const result = shell(line);
      expect(result.status, `${line}\n${result.stderr}`).toBe(0);
    }
  });

  it('lists in the CLI README every command and connector the built CLI has', () => {
    const result = shell('conduit --help --json');
    expect(result.status, result.stderr).toBe(0);
    const { subcommands } = JSON.parse(result.stdout) as { subcommands: { name: string }[] };
    const readme = readFileSync(join(CLI_DIRECTORY, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Usage'), readme.indexOf('Connectors:'));
    const missing = subcommands.filter(({ name }) => !table.includes(`| \`conduit ${name}`));
    expect(missing).toEqual([]);
    const line = /^Connectors: (.*)$/m.exec(readme)?.[1] ?? '';
    for (const connector of CONNECTORS) {
      for (const name of [connector.name, ...connector.aliases]) expect(line).toContain(`\`${name}\``);
    }
  });
});
