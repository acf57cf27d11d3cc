import type { ConnectorDefinition } from '@conduit/protocol';
import { didYouMean } from '../framework/suggest';
import { UsageError } from '../framework/usage-error';
import { CONNECTOR_REGISTRY, type ConnectorRegistryEntry } from './connector-registry-entry';
import type { LocalConnector } from './local-connector';
import { localConnectorOf } from './module-connector';

/**
 * A connector the CLI knows, by name, without loading it: help, completion and argument checks
 * stay cheap, and the loaders bring in the connector package only when a command needs it.
 */
export interface ConnectorEntry {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly summary: string;
  /**
   * The package the connector comes from: the build snapshots its description (see
   * `loadConnectorDescription`) and checks it against this package's code.
   */
  readonly packageName?: string;
  /** The definition alone, for `describe` and completion: the executor's code is not loaded. */
  loadDefinition(): Promise<ConnectorDefinition>;
  /** Everything `exec` needs to run the connector in this process. */
  loadLocal(): Promise<LocalConnector>;
}

/**
 * The connectors of this CLI, from its registry: each by its name and its kind as an alias.
 *
 * @example
 * ```ts
 * CONNECTORS.map((connector) => connector.name);
 * ```
 */
export const CONNECTORS: readonly ConnectorEntry[] = catalogOf(CONNECTOR_REGISTRY);

/**
 * The CLI's catalog of registry entries: each by its name and its kind as an alias.
 *
 * @example
 * ```ts
 * catalogOf(registryEntriesOf(connectors.entries)).map((connector) => connector.name);
 * ```
 */
export function catalogOf(registry: readonly ConnectorRegistryEntry[]): ConnectorEntry[] {
  return registry.map((entry) => ({
    name: entry.name,
    aliases: [entry.kind, ...entry.formerNames],
    summary: `${entry.kindName.toLowerCase()} (${entry.displayName})`,
    ...(entry.packageName === undefined ? {} : { packageName: entry.packageName }),
    loadDefinition: async () => (await entry.load()).definition,
    loadLocal: async () => localConnectorOf(await entry.load()),
  }));
}

/**
 * The connector named `name` or one of its aliases (case-insensitive), if the CLI knows it: how a
 * hosted connector's `connector_type` (`task-management`) finds its definition here.
 *
 * @example
 * ```ts
 * findConnector('task-management', CONNECTORS)?.name; // 'example'
 * findConnector('crm', CONNECTORS); // undefined
 * ```
 */
export function findConnector(
  name: string,
  connectors: readonly ConnectorEntry[],
): ConnectorEntry | undefined {
  const wanted = name.trim().toLowerCase();
  return connectors.find((entry) => entry.name === wanted || entry.aliases.includes(wanted));
}

/**
 * The connector named `name` or one of its aliases (case-insensitive), else a usage error listing
 * the known ones.
 *
 * @example
 * ```ts
 * requireConnector('task-management', CONNECTORS).name; // 'example'
 * ```
 */
export function requireConnector(name: string, connectors: readonly ConnectorEntry[]): ConnectorEntry {
  const wanted = name.trim().toLowerCase();
  const found = findConnector(name, connectors);
  if (found) return found;
  const known = connectors.flatMap((entry) => [entry.name, ...entry.aliases]);
  throw new UsageError(`unknown connector "${name}"`, {
    code: 'unknown_connector',
    hint:
      didYouMean(wanted, known) ??
      `connectors: ${connectors.map((entry) => [entry.name, ...entry.aliases].join(' / ')).join(', ')}`,
  });
}
