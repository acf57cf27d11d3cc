import { defineProject } from 'vitest/config';
import { sharedDefine, sharedMaxWorkers, sharedTimeouts, workspaceAliases } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAliases },
  define: sharedDefine,
  test: {
    name: '@conduit/asana',
    include: ['src/**/*.test.ts'],
    maxWorkers: sharedMaxWorkers,
    ...sharedTimeouts,
  },
});
