import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

export default defineConfig(
  packageBuild(import.meta.dirname, {
    entry: ['src/index.ts', 'src/main.ts'],
    splitting: true,
    // `node:sqlite` exists only with its prefix; stripping `node:` would make it an npm package name.
    removeNodeProtocol: false,
  }),
);
