import { defineProject } from 'vitest/config';
import { sharedDefine, sharedMaxWorkers, sharedTimeouts, workspaceAliases } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAliases },
  define: sharedDefine,
  test: {
    name: '@conduit/server',
    include: ['src/**/*.test.ts'],
    maxWorkers: sharedMaxWorkers,
    ...sharedTimeouts,
    // Real sockets, scrypt and PostgreSQL round trips: slower than unit tests on a shared machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
