import { createHostedExecutor, type HostedClient } from '@conduit/hosted';
import { AuthenticationError, type ExecuteOptions } from '@conduit/protocol';
import { type ConnectorSource, definitionsOf } from './connector-source';
import type { McpConnector } from './mcp-connector';
import { shortIds } from './tool-name';

/** Options of {@link hostedConnectors}. */
export interface HostedConnectorsOptions {
  readonly client: HostedClient;
  /** The connectors the tools come from (a registry, modules or definitions), matched to the user's connectors by kind. */
  readonly source: ConnectorSource;
  /** Only connectors of this name or kind (`asana`, `task-management`). */
  readonly only?: string;
}

/**
 * One {@link McpConnector} per connector the hosted user has, each running through the service
 * (so `search` over synced data is among its tools). Several connectors of one kind get a short
 * stable id of the connector in the tool prefix (`asana_q3x7ba_tasks_list`, see {@link shortIds}),
 * and its name, quoted as data, in each description: a display name is the end user's text, so it
 * never becomes part of a tool name (names of any length fit in 64 characters and never collide)
 * nor reads as an instruction to the model. Kinds without a definition here are left out.
 *
 * @example
 * ```ts
 * const connectors = await hostedConnectors({ client: new HostedClient({ scopedToken, baseUrl }), source: registry });
 * ```
 */
export async function hostedConnectors(
  options: HostedConnectorsOptions,
  executeOptions: ExecuteOptions = {},
): Promise<McpConnector[]> {
  const wanted = options.only?.toLowerCase();
  const definitions = definitionsOf(options.source).filter(
    (definition) => wanted === undefined || definition.name === wanted || definition.connectorType === wanted,
  );
  const listed = await options.client.listConnectors({}, executeOptions);
  const connectors: McpConnector[] = [];
  for (const definition of definitions) {
    const ofKind = listed.filter((connector) => connector.connector_type === definition.connectorType);
    const ids = shortIds(ofKind.map((connector) => connector.id));
    for (const connector of ofKind) {
      const prefix = ofKind.length > 1 ? `${definition.name}_${ids.get(connector.id)}` : definition.name;
      connectors.push({
        definition,
        executor: createHostedExecutor({ client: options.client, connectorId: connector.id, definition }),
        prefix,
        ...(ofKind.length > 1 ? { label: connector.name } : {}),
      });
    }
  }
  return connectors;
}

/**
 * Whether an error means the token itself was refused (answered 401 over HTTP), as opposed to
 * the service failing.
 *
 * @example
 * ```ts
 * if (isRefusedToken(error)) return undefined;
 * ```
 */
export function isRefusedToken(error: unknown): boolean {
  return error instanceof AuthenticationError;
}
