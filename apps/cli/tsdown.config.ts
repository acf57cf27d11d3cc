import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'tsdown';
import { packageBuild } from '../../tsdown.base';

const dist = join(import.meta.dirname, 'dist');

// Code splitting (rolldown splits at every dynamic import) keeps each command's code (and the
// packages it imports) in its own chunk, loaded only when that command runs: `conduit --version`
// must not pay for zod or the connectors.
// After the build, the built snapshot writer records each connector's description beside the
// chunks, so `describe` and completion need neither zod nor the connector package at run time
// (see src/connectors/load-connector-description.ts). It runs from dist/ rather than from
// sources so that connector packages resolve to their builds, exactly as they will at run time.
export default defineConfig(
  packageBuild(import.meta.dirname, {
    entry: {
      index: 'src/index.ts',
      'write-description-snapshots': 'src/introspect/write-description-snapshots.ts',
    },
    onSuccess: async () => {
      const writer = pathToFileURL(join(dist, 'write-description-snapshots.js')).href;
      const { writeDescriptionSnapshots } = (await import(writer)) as {
        writeDescriptionSnapshots: (outDir: string) => Promise<string[]>;
      };
      await writeDescriptionSnapshots(dist);
    },
  }),
);
