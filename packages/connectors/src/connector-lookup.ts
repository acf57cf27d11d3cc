import { type ConnectorRegistry, createConnectorRegistry } from '@conduit/connector-kit';
import { type ConnectorKind, requireConnectorKind, resolveConnectorKind } from '@conduit/protocol';
import type { ConnectorEntry } from './connector-entry';
import { CONNECTORS } from './connectors';

/**
 * The kinds of the registry's connectors, in its order: what the hosted service checks a
 * `connector_type`, credentials and config against.
 *
 * @example
 * ```ts
 * CONNECTOR_KINDS.map((kind) => kind.type); // ['task-management', 'support-desk', 'crm']
 * ```
 */
export const CONNECTOR_KINDS: readonly ConnectorKind<string, unknown, unknown>[] = CONNECTORS.map(
  (entry) => entry.kind,
);

/**
 * The connector of a kind, its name or an alias (case-insensitive), if the registry has it.
 *
 * @example
 * ```ts
 * findConnector('crm')?.name; // 'salesforce'
 * ```
 */
export function findConnector(
  name: string,
  entries: readonly ConnectorEntry[] = CONNECTORS,
): ConnectorEntry | undefined {
  const kind = resolveConnectorKind(
    entries.map((entry) => entry.kind),
    name,
  );
  return kind === undefined ? undefined : entries.find((entry) => entry.kind === kind);
}

/**
 * The kind of a `connector_type` (its canonical name or an alias), else the service's 400
 * `unknown_connector_type` naming the known ones.
 *
 * @example
 * ```ts
 * requireKind('zendesk-support').type; // 'support-desk'
 * ```
 */
export function requireKind(
  name: unknown,
  entries: readonly ConnectorEntry[] = CONNECTORS,
): ConnectorKind<string, Readonly<Record<string, string | undefined>>, Readonly<Record<string, unknown>>> {
  return requireConnectorKind(
    entries.map((entry) => entry.kind),
    name,
  ) as ConnectorKind<string, Readonly<Record<string, string | undefined>>, Readonly<Record<string, unknown>>>;
}

/**
 * Loads every module of the registry (or of `entries`) into the kit's registry, for shells that
 * run them all (the server).
 *
 * @example
 * ```ts
 * const registry = await loadConnectorRegistry();
 * registry.requireKind('crm').definition;
 * ```
 */
export async function loadConnectorRegistry(
  entries: readonly ConnectorEntry[] = CONNECTORS,
): Promise<ConnectorRegistry> {
  return createConnectorRegistry(await Promise.all(entries.map((entry) => entry.load())));
}
