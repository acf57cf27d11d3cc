import { defineConfig } from 'vitest/config';

// The packaging checks that install from tarballs (minutes on a loaded machine, and they need the
// packages built): out of the suite, run by `pnpm check:packages` (scripts/check-consumer.mjs),
// which `./run test` runs. Alone: `pnpm exec turbo run build && pnpm exec vitest run --config
// scripts/packaging/vitest.config.ts`.
export default defineConfig({
  test: {
    name: 'packaging',
    include: ['scripts/packaging/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
