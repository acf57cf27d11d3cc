import { defineProject } from 'vitest/config';
import { sharedDefine, sharedMaxWorkers, workspaceAliases } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAliases },
  define: sharedDefine,
  test: {
    name: '@conduit/server',
    include: ['src/**/*.test.ts'],
    maxWorkers: sharedMaxWorkers,
    // Real sockets, scrypt and PostgreSQL round trips: slower than unit tests on a shared machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
