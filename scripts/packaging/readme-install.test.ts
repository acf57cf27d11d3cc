import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packWorkspace, workspacePackages } from './pack-workspace.mjs';

// What a user who follows a package's README does, in a project outside the workspace: runs the
// README's install line against the packed tarballs (the `../conduit-packs` directory the README
// packs into; nothing of ours comes from a registry), then the README's two-line check of the
// install, whose output is the `// → …` comment it ends with. A README whose line forgets one of
// the package's `@conduit/*` dependencies fails here as it fails for the user (npm: E404).
// CONDUIT_PACKS names tarballs packed already (scripts/check-consumer.mjs passes its own).

interface Readme {
  /** The shell lines after `cd ../your-project` in the install block. */
  readonly install: string[];
  /** The first `js` block after it: the check of the install. */
  readonly check: string;
  /** What the check prints: its last line's `// → …` comment. */
  readonly prints: string;
}

/** The install line and the check of a README; throws, naming what is missing, if it has neither. */
function readReadme(path: string): Readme {
  const text = readFileSync(path, 'utf8');
  const blocks = [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    lang: match[1],
    body: match[2] as string,
    at: match.index,
  }));
  const installBlock = blocks.find(
    (block) => block.lang === 'sh' && block.body.includes('../conduit-packs/'),
  );
  if (!installBlock) throw new Error(`${path}: no sh block installing from ../conduit-packs/`);
  const lines = installBlock.body.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim());
  const install = lines.slice(lines.indexOf('cd ../your-project') + 1).filter(Boolean);
  if (install.length === 0) throw new Error(`${path}: nothing after cd ../your-project`);
  const checkBlock = blocks.find((block) => block.lang === 'js' && block.at > installBlock.at);
  if (!checkBlock) throw new Error(`${path}: no js block checking the install after the install block`);
  const prints = /\/\/ → (.+)$/.exec(checkBlock.body.trimEnd())?.[1];
  if (prints === undefined) throw new Error(`${path}: the check's last line has no // → comment`);
  return { install, check: checkBlock.body, prints };
}

/** Every `node:` or bare specifier the module at `file` loads, following its relative imports. */
function importsOf(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(
    /(?:^|[;\s])(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
  )) {
    const specifier = (match[1] ?? match[2]) as string;
    if (specifier.startsWith('.'))
      for (const inner of importsOf(resolve(dirname(file), specifier), seen)) found.add(inner);
    else found.add(specifier);
  }
  return found;
}

const libraries = workspacePackages().filter(({ directory }) => directory.includes('/packages/'));
let work: string;
let packs: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'conduit-readmes-'));
  packs = process.env.CONDUIT_PACKS ?? join(work, 'packs');
  if (!process.env.CONDUIT_PACKS) {
    mkdirSync(packs);
    packWorkspace(packs);
  }
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('each package README, followed in a project of its own', () => {
  for (const { directory, manifest } of libraries) {
    it(`installs ${manifest.name} from the tarballs and runs its check`, () => {
      const readme = readReadme(join(directory, 'README.md'));
      const base = join(work, manifest.name.replace('@conduit/', ''));
      const project = join(base, 'your-project');
      mkdirSync(project, { recursive: true });
      symlinkSync(packs, join(base, 'conduit-packs'));
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: 'your-project', private: true, type: 'module' }),
      );
      for (const line of readme.install) {
        execFileSync('sh', ['-c', line], {
          cwd: project,
          stdio: ['ignore', 'pipe', 'pipe'],
          // The user's npm, kept quiet and on its cache; never the registry for @conduit/*: those
          // are on the line or missing (E404, as for the user).
          env: {
            ...process.env,
            npm_config_prefer_offline: 'true',
            npm_config_audit: 'false',
            npm_config_fund: 'false',
            npm_config_loglevel: 'error',
            npm_config_update_notifier: 'false',
          },
        });
      }
      writeFileSync(join(project, 'check.mjs'), readme.check);
      const printed = execFileSync(process.execPath, ['check.mjs'], { cwd: project }).toString().trim();
      expect(printed, `${manifest.name}: README check`).toBe(readme.prints);

      if (manifest.name === '@conduit/transport') {
        // An SDK user gets no undici (only @conduit/transport/egress needs it, an optional peer),
        // and the main entry loads no node: module.
        expect(existsSync(join(project, 'node_modules/undici')), 'undici installed').toBe(false);
        const entry = join(project, 'node_modules/@conduit/transport/dist/index.js');
        const loaded = [...importsOf(entry)];
        expect(loaded.filter((specifier) => specifier.startsWith('node:') || specifier === 'undici')).toEqual(
          [],
        );
      }
    });
  }
});
