import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

const packages = [
  'protocol',
  'transport',
  'hosted',
  'connector-kit',
  'asana',
  'zendesk-support',
  'salesforce',
  'connectors',
  'cloud',
  'testkit',
  'mcp',
] as const;

/** Workspace packages resolve to their sources in tests, so a test never needs a fresh build. */
export const workspaceAliases: Record<string, string> = {
  // Subpath exports first: an alias matches by prefix, so `@conduit/mcp` would swallow them.
  '@conduit/mcp/ai-sdk': `${root}packages/mcp/src/ai-sdk.ts`,
  '@conduit/transport/egress': `${root}packages/transport/src/egress.ts`,
  '@conduit/asana/kind': `${root}packages/asana/src/kind.ts`,
  '@conduit/asana/records': `${root}packages/asana/src/records.ts`,
  '@conduit/asana/demo': `${root}packages/asana/src/demo.ts`,
  '@conduit/asana/deprecated': `${root}packages/asana/src/deprecated.ts`,
  '@conduit/zendesk-support/kind': `${root}packages/zendesk-support/src/kind.ts`,
  '@conduit/zendesk-support/records': `${root}packages/zendesk-support/src/records.ts`,
  '@conduit/zendesk-support/demo': `${root}packages/zendesk-support/src/demo.ts`,
  '@conduit/zendesk-support/deprecated': `${root}packages/zendesk-support/src/deprecated.ts`,
  '@conduit/salesforce/kind': `${root}packages/salesforce/src/kind.ts`,
  '@conduit/salesforce/records': `${root}packages/salesforce/src/records.ts`,
  '@conduit/salesforce/demo': `${root}packages/salesforce/src/demo.ts`,
  '@conduit/salesforce/deprecated': `${root}packages/salesforce/src/deprecated.ts`,
  '@conduit/connectors/loaded': `${root}packages/connectors/src/loaded.ts`,
  ...Object.fromEntries(packages.map((name) => [`@conduit/${name}`, `${root}packages/${name}/src/index.ts`])),
};

export const sharedDefine = { __PACKAGE_VERSION__: JSON.stringify('0.0.0-test') };

/**
 * Every project's worker count: one per core, not vitest's default of one fewer. Much of the suite
 * waits on sockets, child processes, PostgreSQL and the browser rather than computing, and on CI's
 * 2-core machine the default ran every file one after another. Each project sets it, since the root
 * config's `maxWorkers` does not reach the projects (only the command line's does).
 */
export const sharedMaxWorkers = '100%';

/**
 * Every project's timeouts. A test's timeout only stops a hung test; it must never be what a slow
 * machine trips over. On a 2-core machine loaded by another run of the suite, vitest's defaults
 * (5 s a test, 10 s a hook) failed tests that load an OpenAPI spec or start a child process.
 */
export const sharedTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 } as const;
