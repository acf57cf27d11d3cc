import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base';

export default defineConfig(
  packageBuild(import.meta.dirname, {
    // The second entry is the standalone simulator process (`conduit-asana-simulator`).
    entry: { index: 'src/index.ts', 'asana-simulator': 'src/asana/simulator-main.ts' },
  }),
);
