import { isSecretName } from '@conduit/protocol';
import {
  CONNECTOR_REGISTRY,
  type ConnectorRegistryEntry,
  settingEnv,
  settingKey,
} from '../connectors/connector-registry-entry';
/**
 * A value a profile may hold, the environment variables that override it, and whether it is a
 * secret. Commands offer their own flags for the settings they use.
 */
export interface SettingDefinition {
  /** The key in a profile, snake_case. */
  readonly key: string;
  /** Environment variables that set it, first match wins. */
  readonly env: readonly string[];
  /**
   * Secrets are only accepted from stdin by `conduit profile set --secret-stdin`, are stored only in
   * a config file of mode 0600, and are never printed.
   */
  readonly secret: boolean;
  readonly description: string;
  /** Keys a profile may still hold it under (a connector's former name's), read when `key` is absent. */
  readonly formerKeys?: readonly string[];
}

/**
 * The settings of one connector of the registry: its API root for local mode and each required
 * credential field, named `<connector>_<field>` and set by the environment variable of the same
 * name in capitals (no `CONDUIT_` prefix, as the vendors' own tools name them).
 */
function connectorSettings(entry: ConnectorRegistryEntry): SettingDefinition[] {
  const setting = (field: string, secret: boolean, description: string): SettingDefinition => ({
    key: settingKey(entry.name, field),
    env: [entry.name, ...entry.formerNames].map((name) => settingEnv(name, field)),
    secret,
    description,
    ...(entry.formerNames.length === 0
      ? {}
      : { formerKeys: entry.formerNames.map((name) => settingKey(name, field)) }),
  });
  return [
    setting(
      'base_url',
      false,
      `${entry.displayName} API root for local mode (a self-managed upstream or a simulator)`,
    ),
    ...[...new Set(entry.credentialMethods.flat())].map((field) =>
      setting(field, isSecretName(field), `${entry.displayName} credential \`${field}\` for local mode`),
    ),
  ];
}

/** The settings no connector brings: the hosted service's and the cloud API's. */
const GENERAL_SETTINGS: readonly SettingDefinition[] = [
  {
    key: 'hosted_base_url',
    env: ['CONDUIT_BASE_URL'],
    secret: false,
    description: 'base URL of the hosted service',
  },
  {
    key: 'client_id',
    env: ['CONDUIT_CLIENT_ID'],
    secret: false,
    description: 'application client id of the hosted service',
  },
  {
    key: 'client_secret',
    env: ['CONDUIT_CLIENT_SECRET'],
    secret: true,
    description: 'application client secret of the hosted service',
  },
  {
    key: 'external_user_id',
    env: ['CONDUIT_EXTERNAL_USER_ID'],
    secret: false,
    description: 'the end user the hosted service acts for',
  },
  {
    key: 'admin_token',
    env: ['CONDUIT_ADMIN_TOKEN'],
    secret: true,
    description: "the operator's token of the hosted service's admin API (conduit apps)",
  },
  {
    key: 'mcp_token',
    env: ['CONDUIT_MCP_TOKEN'],
    secret: true,
    description: 'bearer token MCP clients send to `conduit mcp --http` in local mode',
  },
  {
    key: 'mcp_output_schemas',
    env: ['CONDUIT_MCP_OUTPUT_SCHEMAS'],
    secret: false,
    description: "`conduit mcp`: list each tool's output schema (full) or leave it out (none, the default)",
  },
  {
    key: 'cloud_api_root',
    env: ['PLATFORM_CLOUD_API_URL'],
    secret: false,
    description: 'API root of the cloud workspace',
  },
  {
    key: 'cloud_config_api_root',
    env: ['PLATFORM_CLOUD_CONFIG_API_URL'],
    secret: false,
    description: 'Config API root of the cloud workspace (default: derived from cloud_api_root)',
  },
  {
    key: 'workspace_id',
    env: ['PLATFORM_CLOUD_WORKSPACE_ID'],
    secret: false,
    description: 'cloud workspace id',
  },
  {
    key: 'cloud_client_id',
    env: ['PLATFORM_CLOUD_CLIENT_ID'],
    secret: false,
    description: 'cloud OAuth client id (client-credentials flow)',
  },
  {
    key: 'cloud_client_secret',
    env: ['PLATFORM_CLOUD_CLIENT_SECRET'],
    secret: true,
    description: 'cloud OAuth client secret',
  },
  {
    key: 'cloud_bearer_token',
    env: ['PLATFORM_CLOUD_BEARER_TOKEN'],
    secret: true,
    description: 'cloud bearer token (instead of client credentials)',
  },
];

/**
 * Every setting a profile may hold with the connectors of `registry`: each connector's, then the
 * general ones. A command that needs a new general setting adds it to `GENERAL_SETTINGS`, so that
 * `conduit profile set` accepts it and help lists it.
 *
 * @example
 * ```ts
 * settingsFor(registryEntriesOf(connectors.entries)).some((setting) => setting.key === 'notes_app_token'); // true
 * ```
 */
export function settingsFor(registry: readonly ConnectorRegistryEntry[]): SettingDefinition[] {
  return [...registry.flatMap(connectorSettings), ...GENERAL_SETTINGS];
}

/**
 * Every setting a profile may hold with the built-in connectors.
 *
 * @example
 * ```ts
 * SETTINGS.find((setting) => setting.key === 'client_id')?.env; // ['CONDUIT_CLIENT_ID']
 * ```
 */
export const SETTINGS: readonly SettingDefinition[] = settingsFor(CONNECTOR_REGISTRY);

/**
 * The definition of a setting, or `undefined` for an unknown key.
 *
 * @example
 * ```ts
 * findSetting('client_secret')?.secret; // true
 * ```
 */
export function findSetting(
  key: string,
  definitions: readonly SettingDefinition[] = SETTINGS,
): SettingDefinition | undefined {
  return definitions.find((setting) => setting.key === key);
}
