import type { ConnectorDemo, ConnectorModule } from '@conduit/connector-kit';
import { CONNECTORS, type ConnectorEntry, type ConnectorType } from '@conduit/connectors';

/**
 * A connector of the CLI's registry: what help, settings and completion need without loading it,
 * and how to load its module.
 *
 * @example
 * ```ts
 * const entry: ConnectorRegistryEntry = { name: 'example', formerNames: [], kind: 'crm', kindName: 'CRM', displayName: 'Example', credentialMethods: [['token']], load };
 * ```
 */
export interface ConnectorRegistryEntry {
  /** The module's name: the connector's name on the command line and its settings prefix. */
  readonly name: string;
  /**
   * Names the connector also answers to (its kind's other aliases, e.g. a name it had before):
   * the command line takes them, and their settings (`<former>_<field>`) are read after its own.
   */
  readonly formerNames: readonly string[];
  readonly kind: ConnectorType;
  /** The kind's category, as help says it (`Task management`). */
  readonly kindName: string;
  readonly displayName: string;
  /** The package the module comes from (its description snapshot is checked against it). */
  readonly packageName?: string;
  /** The required fields of each of the module's credential methods, each read from `<name>_<field>`. */
  readonly credentialMethods: readonly (readonly string[])[];
  load(): Promise<ConnectorModule>;
  /** What `conduit demo` starts and calls to show the connector offline (its package's `/demo`); none leaves it out. */
  loadDemo?(): Promise<ConnectorDemo>;
}

/**
 * The CLI's entries of registry lines (`@conduit/connectors`), each loading its module only when
 * a command needs it, so help and completion stay fast. The credential fields are the required
 * fields of each method, read from the kind's schemas (no module loaded); they name the settings
 * `<name>_<field>`.
 *
 * @example
 * ```ts
 * registryEntriesOf(connectors.entries).map((entry) => entry.name); // […, 'notes-app']
 * ```
 */
export function registryEntriesOf(entries: readonly ConnectorEntry[]): ConnectorRegistryEntry[] {
  return entries.map(registryEntryOf);
}

function registryEntryOf(entry: ConnectorEntry): ConnectorRegistryEntry {
  return {
    name: entry.name,
    formerNames: entry.kind.aliases.filter((alias) => alias !== entry.name),
    kind: entry.kind.type,
    kindName: entry.kind.displayName,
    displayName: entry.kind.vendor,
    packageName: entry.packageName,
    credentialMethods: entry.kind.credentialMethods.map((method) =>
      method.fields.filter((field) => field.required).map((field) => field.name),
    ),
    load: () => entry.load(),
    ...(entry.loadDemo === undefined ? {} : { loadDemo: entry.loadDemo }),
  };
}

/**
 * The connectors this CLI runs by default: those of `@conduit/connectors`.
 *
 * @example
 * ```ts
 * CONNECTOR_REGISTRY.map((entry) => entry.name); // one entry per connector of @conduit/connectors
 * ```
 */
export const CONNECTOR_REGISTRY: readonly ConnectorRegistryEntry[] = registryEntriesOf(CONNECTORS);

/**
 * The environment variable of a connector's setting: `<name>_<field>` in capitals.
 *
 * @example
 * ```ts
 * settingEnv('example', 'api_token'); // 'EXAMPLE_API_TOKEN'
 * ```
 */
export function settingEnv(name: string, field: string): string {
  return settingKey(name, field).toUpperCase();
}

/**
 * The profile key of a connector's setting: `<name>_<field>`, snake_case.
 *
 * @example
 * ```ts
 * settingKey('notes-app', 'api_token'); // 'notes_app_api_token'
 * ```
 */
export function settingKey(name: string, field: string): string {
  return `${name}_${field}`.replaceAll('-', '_');
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
