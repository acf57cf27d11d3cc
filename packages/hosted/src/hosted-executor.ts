import {
  type ConnectorDefinition,
  type ConnectorExecutor,
  type ExecuteOptions,
  type ExecuteRequest,
  NotFoundError,
  resolveExecuteRequest,
  ValidationError,
} from '@conduit/protocol';
import type { HostedClient } from './hosted-client';

function userLabel(client: HostedClient): string {
  return client.externalUserId === undefined ? 'The token’s user' : `User ${client.externalUserId}`;
}

/** Options of {@link createHostedExecutor}. */
export interface HostedExecutorOptions {
  client: HostedClient;
  /** The connector to act on. Without it, the user's only connector of `connectorType` is used. */
  connectorId?: string;
  /** The kind to look the connector up by, when no id is given; default the definition's. */
  connectorType?: string;
  /** When given, params are checked against it before anything is sent, exactly as in local mode. */
  definition?: ConnectorDefinition;
}

/**
 * An executor that runs every request through the hosted service, so a typed connector client
 * works the same in hosted mode as in local mode.
 *
 * @example
 * ```ts
 * const executor = createHostedExecutor({ client: hosted, definition: asanaDefinition });
 * await executor.execute({ entity: 'tasks', action: 'get', params: { task_gid: '42' } });
 * ```
 */
export function createHostedExecutor(options: HostedExecutorOptions): ConnectorExecutor & {
  /** The connector id in use, looked up on first use when not given. */
  connectorId(executeOptions?: ExecuteOptions): Promise<string>;
} {
  let lookup: Promise<string> | undefined;
  const connectorType = options.connectorType ?? options.definition?.connectorType;

  const connectorId = (executeOptions: ExecuteOptions = {}): Promise<string> => {
    if (options.connectorId) return Promise.resolve(options.connectorId);
    if (!connectorType) {
      return Promise.reject(
        new ValidationError('A hosted executor needs a connectorId or a connectorType to look one up', {
          code: 'missing_param',
          details: [
            { field: 'connectorId', message: 'connectorId is required', error_code: 'missing_param' },
          ],
        }),
      );
    }
    lookup ??= options.client.listConnectors({ connectorType }, executeOptions).then(
      (connectors) => {
        if (connectors.length === 1) return connectors[0]!.id;
        if (connectors.length === 0) {
          throw new NotFoundError(
            `${userLabel(options.client)} has no ${connectorType} connector; create one first.`,
            { status: 404 },
          );
        }
        throw new ValidationError(
          `${userLabel(options.client)} has ${connectors.length} ${connectorType} connectors (${connectors.map((c) => c.id).join(', ')}); pass connectorId to choose one.`,
          {
            code: 'ambiguous_connector',
            details: [
              {
                field: 'connectorId',
                message: 'several connectors match',
                error_code: 'ambiguous_connector',
              },
            ],
          },
        );
      },
      (error: unknown) => {
        lookup = undefined;
        throw error;
      },
    );
    return lookup;
  };

  return {
    mode: 'hosted',
    connectorId,
    async execute(request: ExecuteRequest, executeOptions: ExecuteOptions = {}) {
      // Same checks as local mode, before anything leaves the process; the service applies the
      // defaults itself, so what the caller gave is what is sent.
      if (options.definition)
        resolveExecuteRequest(options.definition, request.entity, request.action, request.params);
      const id = await connectorId(executeOptions);
      return options.client.execute(id, request.entity, request.action, request.params ?? {}, executeOptions);
    },
  };
}
