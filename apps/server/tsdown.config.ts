import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base';

export default defineConfig(
  packageBuild(import.meta.dirname, {
    entry: ['src/index.ts', 'src/main.ts'],
    // `node:sqlite` exists only with its prefix: imports keep `node:` as written (tsdown's default).
  }),
);
