import { defineConfig } from 'vitest/config';
import { sharedMaxWorkers } from './vitest.shared';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      // Checks of the repository itself (package manifests, tarballs), beside the scripts they guard.
      // scripts/packaging/ installs from tarballs and takes minutes: `pnpm check:packages` runs it.
      {
        test: {
          name: 'repository',
          include: ['scripts/**/*.test.ts'],
          exclude: ['scripts/packaging/**'],
          maxWorkers: sharedMaxWorkers,
        },
      },
    ],
  },
});
