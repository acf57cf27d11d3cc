import { defineConfig } from 'vitest/config';
import { sharedDefine, sharedMaxWorkers, sharedTimeouts, workspaceAliases } from './vitest.shared';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      // Checks of the repository itself (package manifests, tarballs), beside the scripts they guard.
      // scripts/packaging/ installs from tarballs and takes minutes: `pnpm check:packages` runs it.
      {
        // The workspace packages from their sources, as in the packages' own tests (no build needed).
        resolve: { alias: workspaceAliases },
        define: sharedDefine,
        test: {
          name: 'repository',
          include: ['scripts/**/*.test.ts'],
          exclude: ['scripts/packaging/**'],
          maxWorkers: sharedMaxWorkers,
          ...sharedTimeouts,
        },
      },
    ],
  },
});
