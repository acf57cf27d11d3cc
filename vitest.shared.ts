import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

const packages = [
  'protocol',
  'transport',
  'hosted',
  'connector-kit',
  'asana',
  'salesforce',
  'cloud',
  'testkit',
] as const;

/** Workspace packages resolve to their sources in tests, so a test never needs a fresh build. */
export const workspaceAliases: Record<string, string> = Object.fromEntries(
  packages.map((name) => [`@conduit/${name}`, `${root}packages/${name}/src/index.ts`]),
);

export const sharedDefine = { __PACKAGE_VERSION__: JSON.stringify('0.0.0-test') };
