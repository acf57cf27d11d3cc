import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base';

export default defineConfig(
  packageBuild(import.meta.dirname, {
    entry: ['src/index.ts', 'src/kind.ts', 'src/records.ts', 'src/deprecated.ts', 'src/demo.ts'],
  }),
);
