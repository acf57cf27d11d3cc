import { CONNECTOR_REGISTRY, credentialEnvHelp, settingEnv } from './connector-registry-entry';

const first = CONNECTOR_REGISTRY[0];

/**
 * The connectors of the registry for help: `name (kind), …`.
 *
 * @example
 * ```ts
 * `connector name or alias: ${CONNECTOR_NAMES_HELP}`
 * ```
 */
export const CONNECTOR_NAMES_HELP = CONNECTOR_REGISTRY.map((entry) => `${entry.name} (${entry.kind})`).join(
  ', ',
);

/**
 * The environment variables of each connector's credentials, for help.
 *
 * @example
 * ```ts
 * `the environment (${CREDENTIAL_ENV_HELP})`
 * ```
 */
export const CREDENTIAL_ENV_HELP = CONNECTOR_REGISTRY.map(
  (entry) => `${entry.name}: ${credentialEnvHelp(entry)}`,
).join('; ');

/**
 * The connector help examples use (the registry's first), by its kind, the name that also works
 * in hosted mode, with the variables of its first credential and of its API root.
 *
 * @example
 * ```ts
 * `${EXAMPLE_CONNECTOR.tokenEnv}=… conduit connectors create ${EXAMPLE_CONNECTOR.kind}`
 * ```
 */
export const EXAMPLE_CONNECTOR = {
  kind: first?.kind ?? 'task-management',
  tokenEnv: first ? settingEnv(first.name, first.credentialMethods[0]?.[0] ?? 'token') : 'TOKEN',
  baseUrlEnv: first ? settingEnv(first.name, 'base_url') : 'BASE_URL',
  tokenSetting: first ? `${first.name}_${first.credentialMethods[0]?.[0] ?? 'token'}` : 'token',
  baseUrlSetting: first ? `${first.name}_base_url` : 'base_url',
};
