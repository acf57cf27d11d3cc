import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UserConfig } from 'tsdown';

/**
 * The one tsdown shape every package builds with (each package's `build` script is
 * `tsdown --config-loader unrun`: the configs import this file without a `.ts` extension, which
 * Node's own loader would refuse): ESM only (`.js` / `.d.ts`, as `"type": "module"`
 * packages name them), bundled `.d.ts`, sourcemaps, and the package version stamped in as
 * `__PACKAGE_VERSION__` (read by `src/version.ts`).
 */
export function packageBuild(packageDirectory: string, overrides: UserConfig = {}): UserConfig {
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
    fixedExtension: false,
    tsconfig: 'tsconfig.build.json',
    define: { __PACKAGE_VERSION__: JSON.stringify(manifest.version) },
    ...overrides,
  };
}
