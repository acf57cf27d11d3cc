import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options } from 'tsup';

/**
 * The one tsup shape every package builds with: ESM only, bundled `.d.ts`, sourcemaps, and the
 * package version stamped in as `__PACKAGE_VERSION__` (read by `src/version.ts`).
 */
export function packageBuild(packageDirectory: string, overrides: Options = {}): Options {
  const manifest = JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    entry: ['src/index.ts'],
    format: ['esm'],
    target: 'node22',
    platform: 'node',
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: false,
    tsconfig: 'tsconfig.build.json',
    define: { __PACKAGE_VERSION__: JSON.stringify(manifest.version) },
    ...overrides,
  };
}
