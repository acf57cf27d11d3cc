import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

// The libraries ran on Node 20 (scripts/check-consumer.mjs runs their smoke test there); the
// server's embedded store needs node:sqlite's DatabaseSync#isTransaction and busy `timeout`, both
// from 22.16, and the CLI runs the server (`serve`, `demo`).
const ENGINES: Readonly<Record<string, string>> = {
  '@conduit/protocol': '>=20',
  '@conduit/transport': '>=20',
  '@conduit/hosted': '>=20',
  '@conduit/asana': '>=20',
  '@conduit/cloud': '>=20',
  '@conduit/testkit': '>=20',
  '@conduit/connector-kit': '>=20',
  '@conduit/mcp': '>=20',
  '@conduit/zendesk-support': '>=20',
  '@conduit/salesforce': '>=20',
  '@conduit/connectors': '>=20',
  '@conduit/server': '>=22.16.0',
  '@conduit/cli': '>=22.16.0',
};

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
