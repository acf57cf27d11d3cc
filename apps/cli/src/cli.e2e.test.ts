import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AsanaSimulator, asanaAttachmentBytes, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS } from './testing/child-cli';

// These tests run the built CLI the way users do: `node apps/cli/bin.js …` in a child process.
const cliDirectory = fileURLToPath(new URL('..', import.meta.url));
const bin = join(cliDirectory, 'bin.js');
const dist = join(cliDirectory, 'dist', 'index.js');
const manifest = JSON.parse(readFileSync(join(cliDirectory, 'package.json'), 'utf8')) as { version: string };

interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

function run(
  args: string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const home = mkdtempSync(join(tmpdir(), 'conduit-e2e-home-'));
    // A clean environment: nothing of the developer's own config, tokens or colours leaks in.
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: home, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const bytes = Buffer.concat(stdout);
      resolve({
        code,
        stdout: bytes.toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        stdoutBytes: bytes,
      });
    });
    child.stdin.end(options.input ?? '');
  });
}

beforeAll(() => {
  if (!existsSync(dist)) {
    throw new Error(
      `the CLI is not built (${dist} is missing): run \`pnpm build\` first; CI builds before testing`,
    );
  }
});

describe('conduit (built, child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('--version prints the package version', async () => {
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
  });

  it('--help lists the commands and the exit codes; every command has -h with examples', async () => {
    const root = await run(['--help']);
    expect(root.code).toBe(0);
    expect(root.stdout).toContain('Exit codes');
    expect(root.stdout).toMatch(/ {2}7 +upstream failure/);
    for (const command of [
      ['describe'],
      ['exec'],
      ['profile'],
      ['profile', 'set'],
      ['completion'],
      ['help'],
    ]) {
      const help = await run([...command, '-h']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`conduit ${command.join(' ')}`);
      expect(help.stdout).toContain('Examples');
    }
  });

  it('describe asana lists 22 entities', async () => {
    const { code, stdout } = await run(['describe', 'asana']);
    expect(code).toBe(0);
    expect(stdout).toContain('Asana (asana, alias task-management): 22 entities, 36 actions');
  });

  it('describe asana tasks --json has the documented shape', async () => {
    const { code, stdout } = await run(['describe', 'asana', 'tasks', '--json']);
    expect(code).toBe(0);
    const entity = JSON.parse(stdout);
    expect(entity).toMatchObject({ connector: 'asana', name: 'tasks', description: 'Tasks' });
    const list = entity.actions.find((action: { name: string }) => action.name === 'list');
    expect(list).toMatchObject({
      name: 'list',
      accepts_unknown_params: false,
      rules: [{ kind: 'one-of-groups', text: 'exactly one of: project | section | workspace + assignee' }],
      record_keeps_unknown_fields: true,
      params_schema: { type: 'object', additionalProperties: false },
    });
    expect(list.params).toContainEqual(
      expect.objectContaining({
        name: 'limit',
        type: 'integer',
        json_types: ['integer'],
        required: false,
        minimum: 1,
        maximum: 100,
      }),
    );
    expect(list.record.map((field: { name: string }) => field.name)).toEqual([
      'gid',
      'resource_type',
      'name',
      'resource_subtype',
      'created_by',
    ]);
  });

  it('describe from the build snapshot says exactly what the live definition says', async () => {
    expect(existsSync(join(cliDirectory, 'dist', 'descriptions', 'asana.json'))).toBe(true);
    const [{ runInProcess }] = await Promise.all([import('./testing/test-runtime')]);
    for (const args of [
      ['describe', 'asana', '--json'],
      ['describe', 'asana'],
      ['describe', 'asana', 'workspace_task_search'],
    ]) {
      const built = await run(args);
      // In process, from sources: no snapshot, so the description is derived from the definition.
      const live = await runInProcess(args);
      expect(built.code).toBe(0);
      expect(built.stdout).toBe(live.stdout);
    }
  });

  it('usage errors exit 2 with a message on stderr, or {"error"} on stdout with --json', async () => {
    const unknown = await run(['frobnicate']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('error: unknown command "frobnicate"');
    expect((await run(['describe', 'asana', '--bogus'])).code).toBe(2);
    expect((await run(['exec', 'asana'])).code).toBe(2);
    const coercion = await run(['exec', 'asana', 'tasks', 'list', '-p', 'limit=lots'], {
      env: { ASANA_TOKEN: 'x-token-123' },
    });
    expect(coercion.code).toBe(5);
    expect(coercion.stderr).toContain('--param limit: expected an integer, got "lots"');
    const json = await run(['describe', 'nope', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({
      error: { name: 'UsageError', code: 'unknown_connector' },
    });
  });

  it('exec without credentials exits 3, saying how to give them, and calls nothing', async () => {
    const { code, stdout, stderr } = await run([
      'exec',
      'asana',
      'workspaces',
      'list',
      '--base-url',
      'http://127.0.0.1:9/api/1.0',
    ]);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toContain('error: no Asana credentials: set ASANA_TOKEN');
    const json = await run(['exec', 'asana', 'workspaces', 'list', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'missing_credentials' } });
  });

  it('never prints secrets given in the environment or on stdin, even with --debug', async () => {
    const secrets = {
      ASANA_TOKEN: 'pat-env-secret-0001',
      ASANA_CLIENT_SECRET: 'client-secret-0002',
      ASANA_REFRESH_TOKEN: 'refresh-secret-0003',
      ASANA_CLIENT_ID: 'client-id',
    };
    // Port 9 (discard) refuses connections: the call fails with a network error after retries.
    const failing = await run(
      ['exec', 'asana', 'workspaces', 'list', '--base-url', 'http://127.0.0.1:9/api/1.0', '--debug'],
      {
        env: secrets,
      },
    );
    expect(failing.code).toBe(7);
    expect(failing.stderr).toContain('debug: credentials: personal access token from env ASANA_TOKEN');
    const stdin = await run(
      [
        'exec',
        'asana',
        'workspaces',
        'list',
        '--credentials-stdin',
        '--base-url',
        'http://127.0.0.1:9/api/1.0',
        '--debug',
        '--json',
      ],
      {
        input: '{"token": "pat-stdin-secret-0004"}',
      },
    );
    expect(stdin.code).toBe(7);
    for (const result of [failing, stdin]) {
      for (const secret of [
        ...Object.values(secrets).filter((value) => value !== 'client-id'),
        'pat-stdin-secret-0004',
      ]) {
        expect(result.stdout).not.toContain(secret);
        expect(result.stderr).not.toContain(secret);
      }
    }
  });
});

describe('conduit exec against the Asana simulator (built, child process)', {
  timeout: E2E_TIMEOUT_MS,
}, () => {
  let sim: AsanaSimulator;
  let env: Record<string, string>;

  beforeAll(async () => {
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 5 } });
    env = { ASANA_TOKEN: sim.tokens.personalAccessToken, ASANA_BASE_URL: sim.baseUrl };
  });

  afterAll(async () => {
    await sim?.close();
  });

  it('lists one page as a table', async () => {
    const { code, stdout, stderr } = await run(['exec', 'asana', 'workspaces', 'list'], { env });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^GID +NAME +RESOURCE_TYPE$/);
    expect(stdout).toContain(sim.data.workspaces[0]!.name);
  });

  it('--all --json streams every record of every page as NDJSON', async () => {
    const project = sim.data.projects[0]!;
    const { code, stdout } = await run(
      [
        'exec',
        'asana',
        'project_tasks',
        'list',
        '-p',
        `project_gid=${project.gid}`,
        '-p',
        'limit=3',
        '--all',
        '--json',
      ],
      { env },
    );
    expect(code).toBe(0);
    const gids = stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { gid: string }).gid);
    expect(gids).toEqual(sim.data.taskGids({ projectGid: project.gid }));
  });

  it('gets one record', async () => {
    const gid = sim.data.taskGids()[1]!;
    const { code, stdout } = await run(['exec', 'asana', 'tasks', 'get', '-p', `task_gid=${gid}`, '--json'], {
      env,
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).gid).toBe(gid);
  });

  it('downloads to a file and to a piped stdout, byte for byte', async () => {
    const file = sim.data.attachments.find((attachment) => attachment.host === 'asana')!;
    const expected = asanaAttachmentBytes(file.gid, file.name, 0, file.size);
    const target = join(mkdtempSync(join(tmpdir(), 'conduit-e2e-download-')), 'attachment.bin');
    const toFile = await run(
      ['exec', 'asana', 'attachments', 'download', '-p', `attachment_gid=${file.gid}`, '-o', target],
      { env },
    );
    expect(toFile.code).toBe(0);
    expect(readFileSync(target).equals(expected)).toBe(true);
    const toStdout = await run(
      ['exec', 'asana', 'attachments', 'download', '-p', `attachment_gid=${file.gid}`],
      { env },
    );
    expect(toStdout.code).toBe(0);
    expect(toStdout.stdoutBytes.equals(expected)).toBe(true);
  });

  it('maps a missing record to exit 4 and search in local mode to exit 5', async () => {
    expect((await run(['exec', 'asana', 'tasks', 'get', '-p', 'task_gid=987654321'], { env })).code).toBe(4);
    const search = await run(['exec', 'asana', 'tasks', 'search', '-p', 'query={}'], { env });
    expect(search.code).toBe(5);
    expect(search.stderr).toContain('only in hosted mode');
  });

  it('stops quietly with exit 0 when the reader of stdout goes away (conduit … | head -1)', async () => {
    const project = sim.data.projects[0]!;
    const child = spawn(
      process.execPath,
      [
        bin,
        'exec',
        'asana',
        'project_tasks',
        'list',
        '-p',
        `project_gid=${project.gid}`,
        '-p',
        'limit=1',
        '--all',
        '--json',
      ],
      { env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const firstLine = await new Promise<string>((resolve) => {
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const end = buffered.indexOf('\n');
        if (end !== -1) {
          child.stdout.destroy();
          resolve(buffered.slice(0, end));
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(JSON.parse(firstLine).gid).toBe(sim.data.taskGids({ projectGid: project.gid })[0]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });

  it('keeps a rejected token out of the output, even with --debug (exit 3)', async () => {
    const token = 'revoked-token-abcdef';
    const { code, stdout, stderr } = await run(['exec', 'asana', 'workspaces', 'list', '--debug'], {
      env: { ...env, ASANA_TOKEN: token },
    });
    expect(code).toBe(3);
    expect(stderr).toContain('debug: GET');
    expect(stdout + stderr).not.toContain(token);
  });
});

describe('conduit completion (built, in a real bash)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('completes commands, entities and flags through conduit __complete', async () => {
    const shims = mkdtempSync(join(tmpdir(), 'conduit-e2e-bin-'));
    mkdirSync(shims, { recursive: true });
    const shim = join(shims, 'conduit');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
    chmodSync(shim, 0o755);
    const script = (await run(['completion', 'bash'])).stdout;
    const complete = (words: string[]) =>
      new Promise<string[]>((resolve, reject) => {
        const quoted = words.map((word) => `'${word}'`).join(' ');
        const program = `${script}\nCOMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _conduit_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
        const child = spawn('bash', ['--norc', '--noprofile', '-c', program], {
          env: { PATH: `${shims}:${process.env.PATH ?? ''}`, HOME: shims },
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.on('error', reject);
        child.on('close', () => resolve(out.split('\n').filter((line) => line !== '')));
      });
    expect(await complete(['conduit', 'des'])).toEqual(['describe']);
    expect(await complete(['conduit', 'describe', 'asana', 'workspace_'])).toEqual([
      'workspace_task_search',
      'workspace_projects',
      'workspace_users',
      'workspace_teams',
      'workspace_tags',
    ]);
    expect(await complete(['conduit', 'exec', 'asana', 'tasks', 'list', '--limit'])).toEqual([
      '--limit-total',
    ]);
  });
});
