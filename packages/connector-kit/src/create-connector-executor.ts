import {
  type ConnectorExecutor,
  type ExecuteOptions,
  type ExecuteRequest,
  resolveExecuteRequest,
  UnsupportedOperationError,
} from '@conduit/protocol';
import type { Transport } from '@conduit/transport';
import { download } from './executor/download';
import {
  type ConnectorExecutorOptions,
  createExecutorContext,
  listRequest,
  requireUpstream,
} from './executor/executor-context';
import { getRecord } from './executor/get-record';
import { listPage, listParser } from './executor/list-page';
import { type ListPageFetcher, listWalk } from './executor/list-walk';
import { type RawPage, type ReadPageOptions, rawPage } from './executor/raw-page';

export type { ConnectorExecutorOptions } from './executor/executor-context';
export type { ListPageFetcher } from './executor/list-walk';
export type { RawPage, ReadPageOptions } from './executor/raw-page';

/**
 * The executor of local mode, built by {@link createConnectorExecutor}.
 *
 * @example
 * ```ts
 * const page = await executor.execute({ entity: 'tickets', action: 'list', params: {} });
 * ```
 */
export interface LocalConnectorExecutor extends ConnectorExecutor {
  readonly mode: 'local';
  /** The transport every request goes through (auth, retries, limiter, error mapping). */
  readonly transport: Transport;
  /**
   * The pages of an entity's `list` action, as `execute` gives them, for a walk over every page
   * (the typed client's `list`): the params are validated in full on the first page, and on each
   * later page only the `offset` that changed. Optional, so an executor written by hand before it
   * existed still fits: the typed client then pages through `execute`.
   */
  listPages?(entity: string, params: Record<string, unknown>): ListPageFetcher;
  /** Reads one raw page of an entity's `list` action, e.g. for a sync. */
  readPage(entity: string, params: Record<string, unknown>, options?: ReadPageOptions): Promise<RawPage>;
}

/**
 * The local executor runtime: runs every action of a definition against the upstream, in this
 * process. Each request's params are validated against the definition (rules included), the
 * action's path is filled, the rest goes into the query, the list pages with the action's paging
 * strategy, and records are checked against the action's record schema. A page holding more
 * records than the `limit` sent is refused (`PageLimitExceededError`). `search` runs only in
 * hosted mode.
 *
 * Built in two steps: the context (the transport and what every operation shares), then the
 * operations over it, one file each under `executor/` (get, list page, list walk, raw page,
 * download).
 *
 * @example
 * ```ts
 * const executor = createConnectorExecutor({
 *   definition,
 *   baseUrl: 'https://example.zendesk.com',
 *   auth: authFromCredentials({ email: 'agent@example.com', api_token: token }),
 *   errorMapper: mapZendeskError,
 *   userAgent: `conduit-zendesk-support/${VERSION}`,
 * });
 * const tickets = createConnectorClient(definition, executor);
 * ```
 */
export function createConnectorExecutor(options: ConnectorExecutorOptions): LocalConnectorExecutor {
  const context = createExecutorContext(options);
  const { definition } = context;
  return {
    mode: 'local',
    transport: context.transport,
    async execute(request: ExecuteRequest, executeOptions: ExecuteOptions = {}) {
      const { action, params } = resolveExecuteRequest(
        definition,
        request.entity,
        request.action,
        request.params,
      );
      const signal = executeOptions.signal;
      if (action.kind === 'search') {
        throw new UnsupportedOperationError(
          `${request.entity} search runs over data the hosted service has synced, so it exists only in hosted mode: construct the connector with externalUserId, platformClientId and platformClientSecret.`,
          { code: 'hosted_only', status: 400 },
        );
      }
      const upstream = requireUpstream(definition, request.entity, action);
      switch (action.kind) {
        case 'download':
          return download(context, upstream, params, signal);
        case 'get':
          return getRecord(context, action, upstream, params, signal);
        case 'list': {
          const list = listRequest(context, upstream, params, upstream.query);
          return listPage(context, upstream, list, list.offset, listParser(action, upstream), signal);
        }
      }
    },
    listPages: (entity, params) => listWalk(context, entity, params),
    readPage: (entity, params, readOptions) => rawPage(context, entity, params, readOptions),
  };
}
