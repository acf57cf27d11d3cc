import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { ConnectorKind } from '@conduit/protocol';
import type { ConnectorEntry } from './connector-entry';
import { builtinConnectors } from './connectors';
import { type CheckedConnectorKind, defineConnectors } from './define-connectors';

/**
 * The kinds of the registry's connectors, in its order: what the hosted service checks a
 * `connector_type`, credentials and config against.
 *
 * @example
 * ```ts
 * CONNECTOR_KINDS.map((kind) => kind.type); // ['task-management', 'support-desk', 'crm']
 * ```
 */
export const CONNECTOR_KINDS: readonly ConnectorKind<string, unknown, unknown>[] = builtinConnectors.kinds;

/**
 * The connector of a kind, its name or an alias (case-insensitive), if the registry has it.
 *
 * @example
 * ```ts
 * findConnector('crm')?.name; // 'salesforce'
 * ```
 */
export function findConnector(name: string, entries?: readonly ConnectorEntry[]): ConnectorEntry | undefined {
  return setOf(entries).find(name);
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
export function requireKind(name: unknown, entries?: readonly ConnectorEntry[]): CheckedConnectorKind {
  return setOf(entries).kind(name);
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
export async function loadConnectorRegistry(entries?: readonly ConnectorEntry[]): Promise<ConnectorRegistry> {
  return setOf(entries).load();
}

function setOf(entries: readonly ConnectorEntry[] | undefined) {
  return entries === undefined ? builtinConnectors : defineConnectors(entries);
}
