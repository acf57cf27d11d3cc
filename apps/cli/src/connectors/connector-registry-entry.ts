import type { ConnectorModule } from '@conduit/connector-kit';
import { CONNECTORS, type ConnectorType } from '@conduit/connectors';
import type { ConnectorDemo } from './connector-demo';
import { CONNECTOR_DEMOS } from './connector-demos';

/**
 * A connector of the CLI's registry: what help, settings and completion need without loading it,
 * and how to load its module.
 *
 * @example
 * ```ts
 * const entry: ConnectorRegistryEntry = { name: 'example', kind: 'crm', displayName: 'Example', credentialMethods: [['token']], load };
 * ```
 */
export interface ConnectorRegistryEntry {
  /** The module's name: the connector's name on the command line and its settings prefix. */
  readonly name: string;
  readonly kind: ConnectorType;
  readonly displayName: string;
  /** The package the module comes from (its description snapshot is checked against it). */
  readonly packageName?: string;
  /** The required fields of each of the module's credential methods, each read from `<name>_<field>`. */
  readonly credentialMethods: readonly (readonly string[])[];
  load(): Promise<ConnectorModule>;
  /** What `conduit demo` starts and calls to show the connector offline; none leaves it out. */
  readonly demo?: ConnectorDemo;
}

/**
 * The connectors this CLI runs: those of the registry (`@conduit/connectors`), each loading its
 * module only when a command needs it, so help and completion stay fast. The credential fields
 * are the required fields of each method, read from the kind's schemas (no module loaded); they
 * name the settings `<name>_<field>`.
 *
 * @example
 * ```ts
 * CONNECTOR_REGISTRY.map((entry) => entry.name); // one entry per connector of @conduit/connectors
 * ```
 */
export const CONNECTOR_REGISTRY: readonly ConnectorRegistryEntry[] = CONNECTORS.map((entry) => {
  const demo = CONNECTOR_DEMOS[entry.name];
  return {
    name: entry.name,
    kind: entry.kind.type,
    displayName: entry.kind.vendor,
    packageName: entry.packageName,
    credentialMethods: entry.kind.credentialMethods.map((method) =>
      method.fields.filter((field) => field.required).map((field) => field.name),
    ),
    load: () => entry.load(),
    ...(demo === undefined ? {} : { demo }),
  };
});

/**
 * The environment variable of a connector's setting: `<name>_<field>` in capitals.
 *
 * @example
 * ```ts
 * settingEnv('example', 'api_token'); // 'EXAMPLE_API_TOKEN'
 * ```
 */
export function settingEnv(name: string, field: string): string {
  return `${name}_${field}`.toUpperCase().replaceAll('-', '_');
}

/**
 * How the environment gives a connector's credentials, for help: `EXAMPLE_TOKEN, or
 * EXAMPLE_REFRESH_TOKEN + EXAMPLE_CLIENT_ID + EXAMPLE_CLIENT_SECRET`.
 *
 * @example
 * ```ts
 * credentialEnvHelp(entry);
 * ```
 */
export function credentialEnvHelp(entry: ConnectorRegistryEntry): string {
  return entry.credentialMethods
    .map((fields) => fields.map((field) => settingEnv(entry.name, field)).join(' + '))
    .join(', or ');
}
