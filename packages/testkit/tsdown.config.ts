import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base';

export default defineConfig(
  packageBuild(import.meta.dirname, {
    // The other entries are the standalone simulator processes (`conduit-asana-simulator`,
    // `conduit-zendesk-simulator`).
    entry: {
      index: 'src/index.ts',
      'asana-simulator': 'src/asana/simulator-main.ts',
      'zendesk-simulator': 'src/zendesk/zendesk-simulator-main.ts',
    },
  }),
);
