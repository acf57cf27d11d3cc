import type { ConnectorDefinition } from '@conduit/protocol';
import { CONNECTORS, type ConnectorEntry, findConnector } from '../connectors/connector-catalog';

/**
 * The definition this CLI has for a hosted connector's type (`task-management` → a connector's
 * definition), or undefined for a type it does not run locally: commands then send what they are
 * given and let the service check it.
 *
 * @example
 * ```ts
 * const definition = await loadHostedDefinition(connector.connector_type, runtime.connectors);
 * ```
 */
export async function loadHostedDefinition(
  connectorType: string,
  connectors: readonly ConnectorEntry[] | undefined,
): Promise<ConnectorDefinition | undefined> {
  const entry = findConnector(connectorType, connectors ?? CONNECTORS);
  return entry ? entry.loadDefinition() : undefined;
}
