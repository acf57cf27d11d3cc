import { type ConnectorRegistry, createConnectorRegistry } from '@conduit/connector-kit';
import { type ConnectorKind, requireConnectorKind, resolveConnectorKind } from '@conduit/protocol';
import type { ConnectorEntry } from './connector-entry';

/** A kind as the service checks bodies against it: string credentials, a config record. */
export type CheckedConnectorKind = ConnectorKind<
  string,
  Readonly<Record<string, string | undefined>>,
  Readonly<Record<string, unknown>>
>;

/**
 * A set of connectors a shell runs: the CLI, the server and the MCP server each take one (default
 * {@link builtinConnectors}), so a connector of your own is a line in the list you give them, not
 * an edit of Conduit. Lookups take a kind's canonical name, the connector's name or an alias,
 * case-insensitive; modules load only when asked for.
 *
 * @example
 * ```ts
 * const connectors = defineConnectors([...CONNECTORS, lazyConnector(notesKind, '@acme/notes', loadNotes)]);
 * connectors.requireType('notes'); // 'notes-app'
 * const server = await createServer({ connectors });
 * ```
 */
export interface Connectors {
  readonly entries: readonly ConnectorEntry[];
  /** The kinds, in the list's order: what a `connector_type`, credentials and config are checked against. */
  readonly kinds: readonly ConnectorKind<string, unknown, unknown>[];
  /** The kinds' canonical names, in order. */
  readonly types: readonly string[];
  /** The connector of a kind, its name or an alias, if the set has it. */
  find(name: string): ConnectorEntry | undefined;
  /** The canonical kind of a name or alias, or `undefined` when no connector of the set has it. */
  resolveType(name: string): string | undefined;
  /** The canonical kind of a name or alias, else the service's 400 `unknown_connector_type` naming `connector_type`. */
  requireType(name: unknown): string;
  /** The kind named so (or an alias of it), else `unknown_connector_type`. */
  kind(name: unknown): CheckedConnectorKind;
  /** Every module, loaded once (later calls share the first load): for shells that run them all. */
  load(): Promise<ConnectorRegistry>;
}

/**
 * Makes a {@link Connectors} of registry lines (see `lazyConnector`). Two connectors of one kind
 * are refused when the modules load.
 *
 * @example
 * ```ts
 * const connectors = defineConnectors(CONNECTORS.filter((entry) => entry.name !== 'salesforce'));
 * connectors.types; // ['task-management', 'support-desk']
 * ```
 */
export function defineConnectors(entries: readonly ConnectorEntry[]): Connectors {
  const kinds = entries.map((entry) => entry.kind);
  let loading: Promise<ConnectorRegistry> | undefined;
  const kind = (name: unknown): CheckedConnectorKind =>
    requireConnectorKind(kinds, name) as CheckedConnectorKind;
  return {
    entries,
    kinds,
    types: kinds.map((each) => each.type),
    find(name) {
      const found = resolveConnectorKind(kinds, name);
      return found === undefined ? undefined : entries[kinds.indexOf(found)];
    },
    resolveType: (name) => resolveConnectorKind(kinds, name)?.type,
    requireType: (name) => kind(name).type,
    kind,
    load() {
      loading ??= Promise.all(entries.map((entry) => entry.load())).then(createConnectorRegistry, (error) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}
