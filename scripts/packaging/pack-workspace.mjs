// Packs every package of the workspace as it would be published (`pnpm pack`: workspace ranges
// replaced by versions, `files` applied) into one directory. Shared by scripts/check-consumer.mjs
// and the README install test beside this file, so both try what a user installs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

/** Every package under packages/ and apps/: its directory and manifest. */
export function workspacePackages() {
  return ['packages', 'apps']
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
    .map((directory) => ({
      directory,
      manifest: JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')),
    }));
}

/**
 * Packs each package into `destination`; returns them with the absolute path of their tarball.
 * Expects the packages built (`pnpm exec turbo run build`): a tarball holds `dist/` as it is.
 */
export function packWorkspace(destination) {
  return workspacePackages().map(({ directory, manifest }) => {
    const output = execFileSync('pnpm', ['pack', '--pack-destination', destination], {
      cwd: directory,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .toString()
      .trim()
      .split('\n')
      .at(-1);
    return { directory, manifest, tarball: output.startsWith('/') ? output : join(destination, output) };
  });
}
