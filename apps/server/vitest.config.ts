import { defineProject } from 'vitest/config';
import { sharedDefine, workspaceAliases } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAliases },
  define: sharedDefine,
  test: {
    name: '@conduit/server',
    include: ['src/**/*.test.ts'],
    // Real sockets, scrypt and PostgreSQL round trips: slower than unit tests on a shared machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
