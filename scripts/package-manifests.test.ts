import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What every published package promises about itself: where it comes from (npm provenance needs
// `repository`), the Node versions it was tested on, what its tarball holds, and how to install it
// before the first release.

const root = resolve(import.meta.dirname, '..');
const packages = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => {
    const directory = `${group}/${name}`;
    return {
      directory,
      manifest: JSON.parse(readFileSync(join(root, directory, 'package.json'), 'utf8')) as {
        name: string;
        private?: boolean;
        engines?: { node?: string };
        repository?: { type: string; url: string; directory: string };
      },
    };
  }),
);
const published = packages.filter(({ manifest }) => !manifest.private);

// The lowest Node each package can run on is the highest its dependencies ask for: ky 2 (the
// transport, and so everything on it) needs 22; the protocol and the testkit stand on zod alone and
// run on 20. The server's embedded store needs node:sqlite's DatabaseSync#isTransaction and busy
// `timeout`, both from 22.16, and the CLI runs the server (`serve`, `demo`).
const ENGINES: Readonly<Record<string, string>> = {
  '@conduit/protocol': '>=20',
  '@conduit/transport': '>=22',
  '@conduit/hosted': '>=22',
  '@conduit/asana': '>=22',
  '@conduit/cloud': '>=22',
  '@conduit/testkit': '>=20',
  '@conduit/connector-kit': '>=22',
  '@conduit/mcp': '>=22',
  '@conduit/zendesk-support': '>=22',
  '@conduit/salesforce': '>=22',
  '@conduit/connectors': '>=22',
  '@conduit/server': '>=22.16.0',
  '@conduit/cli': '>=22.16.0',
};

/** The lowest version an `engines.node` range (`>=N[.M[.P]]`) allows, as a comparable triple. */
function lowestNode(range: string | undefined): [number, number, number] {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(range ?? '');
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : [0, 0, 0];
}

function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The manifest of `name` as the package at `directory` resolves it (through its own node_modules). */
function dependencyManifest(directory: string, name: string): { engines?: { node?: string } } {
  const require = createRequire(join(root, directory, 'package.json'));
  let entry: string;
  try {
    entry = require.resolve(`${name}/package.json`);
  } catch {
    // A package whose exports map leaves out ./package.json: walk up from its main entry.
    let dir = dirname(require.resolve(name));
    while (
      !existsSync(join(dir, 'package.json')) ||
      JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== name
    ) {
      dir = dirname(dir);
    }
    entry = join(dir, 'package.json');
  }
  return JSON.parse(readFileSync(entry, 'utf8'));
}

describe('package manifests', () => {
  it('name the repository and the package directory in it', () => {
    const urls = new Set(published.map(({ manifest }) => manifest.repository?.url));
    expect(urls.size).toBe(1);
    for (const { directory, manifest } of published) {
      expect(manifest.repository, manifest.name).toEqual({
        type: 'git',
        url: expect.stringMatching(/^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/),
        directory,
      });
    }
  });

  it('state the Node range each package was tested on', () => {
    for (const { manifest } of published) {
      expect(manifest.engines?.node, manifest.name).toBe(ENGINES[manifest.name]);
    }
  });

  it('claim no Node older than a dependency needs', () => {
    for (const { directory, manifest } of published) {
      const claimed = lowestNode(manifest.engines?.node);
      const { dependencies = {}, peerDependencies = {} } = manifest as {
        dependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      for (const name of new Set([...Object.keys(dependencies), ...Object.keys(peerDependencies)])) {
        const needed = dependencyManifest(directory, name).engines?.node;
        if (needed === undefined || !needed.startsWith('>=')) continue;
        expect(
          compareVersions(claimed, lowestNode(needed)),
          `${manifest.name} claims ${manifest.engines?.node}, ${name} needs ${needed}`,
        ).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("make the workspace's own range the highest a package needs (its tests run them all)", () => {
    const workspace = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      engines?: { node?: string };
    };
    const highest = Object.values(ENGINES).reduce((a, b) =>
      compareVersions(lowestNode(a), lowestNode(b)) >= 0 ? a : b,
    );
    expect(workspace.engines?.node).toBe(highest);
  });

  it('pack no test, fixture or test-helper file', { timeout: 120_000 }, () => {
    for (const { directory, manifest } of published) {
      const packed = JSON.parse(
        execFileSync('pnpm', ['pack', '--dry-run', '--json'], { cwd: join(root, directory) }).toString(),
      ) as { files: { path: string }[] };
      const unwanted = packed.files
        .map((file) => file.path)
        .filter((path) => /\.test\.ts$|__fixtures__|\/test-utils\/|\/test-support\//.test(path));
      expect(unwanted, manifest.name).toEqual([]);
    }
  });

  it('have READMEs that say how to install before the first release', () => {
    for (const { directory, manifest } of published) {
      const readme = readFileSync(join(root, directory, 'README.md'), 'utf8');
      expect(readme, manifest.name).toContain('Nothing is published to the npm registry yet');
      expect(readme, manifest.name).toContain('git clone ');
      // A bare `npm install @conduit/…` line would fail today: only tarballs or the release note.
      expect(readme, manifest.name).not.toMatch(/^npm install (--save-dev )?@conduit\//m);
    }
  });
});
