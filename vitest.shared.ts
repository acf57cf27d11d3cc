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
  'cloud',
  'testkit',
  'mcp',
] as const;

/** Workspace packages resolve to their sources in tests, so a test never needs a fresh build. */
export const workspaceAliases: Record<string, string> = {
  // Subpath exports first: an alias matches by prefix, so `@conduit/mcp` would swallow them.
  '@conduit/mcp/ai-sdk': `${root}packages/mcp/src/ai-sdk.ts`,
  '@conduit/transport/egress': `${root}packages/transport/src/egress.ts`,
  ...Object.fromEntries(packages.map((name) => [`@conduit/${name}`, `${root}packages/${name}/src/index.ts`])),
};

export const sharedDefine = { __PACKAGE_VERSION__: JSON.stringify('0.0.0-test') };
