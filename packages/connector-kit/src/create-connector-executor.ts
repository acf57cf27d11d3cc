import {
  type ActionDefinition,
  type ConnectorDefinition,
  type ConnectorExecutor,
  type DownloadResult,
  type ExecuteOptions,
  type ExecuteRequest,
  type ListEnvelope,
  ResponseValidationError,
  resolveExecuteRequest,
  UnsupportedOperationError,
} from '@conduit/protocol';
import {
  type AuthStrategy,
  createRateLimiter,
  createTransport,
  type ErrorMapper,
  type QueryParams,
  type RateLimiter,
  type RateLimiterOptions,
  type RetryOptions,
  type Transport,
  type TransportHooks,
} from '@conduit/transport';
import { fillPath } from './fill-path';
import { nextPageParams } from './next-page-params';
import { PageLimitExceededError } from './page-limit-error';
import type { PageContext, PageRequest } from './paging/pager';
import { pagerOf } from './paging/pager-of';
import { DEFAULT_PAGE_SIZE, DEFAULT_RATE_LIMIT } from './rate-limits';
import { readAt } from './read-at';
import { applyRecordDefaults } from './record-defaults';
import { parseRecord, parseRecords } from './record-parser';
import { streamDownload } from './stream-download';
import { unsatisfiableRange } from './unsatisfiable-range';
import { type UpstreamSpec, upstreamOf } from './upstream-spec';

/**
 * Options of {@link createConnectorExecutor}: the definition (whose actions carry their upstream
 * requests), where the upstream is, how to authenticate, and the transport's knobs.
 *
 * @example
 * ```ts
 * const options: ConnectorExecutorOptions = { definition, baseUrl: 'https://example.zendesk.com', auth: bearerAuth(token) };
 * ```
 */
export interface ConnectorExecutorOptions {
  readonly definition: ConnectorDefinition;
  /** The API root; action paths are joined onto it. */
  readonly baseUrl: string;
  readonly auth?: AuthStrategy;
  /** The fetch requests go through; default the transport's `defaultFetch()`. */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * Client-side limiter: options, a shared `RateLimiter` (one budget for several executors with
   * the same credentials), or `false` for none. Default `defaultRateLimit`.
   */
  readonly rateLimit?: RateLimiterOptions | RateLimiter | false;
  /** The upstream's published limits, used when `rateLimit` is not given. Default {@link DEFAULT_RATE_LIMIT}. */
  readonly defaultRateLimit?: RateLimiterOptions;
  readonly retry?: Partial<RetryOptions> | false;
  /** Per-attempt timeout in milliseconds. */
  readonly timeoutMs?: number;
  readonly hooks?: TransportHooks;
  /** Product tokens before the transport's own, e.g. `['my-app/1.0', 'conduit-zendesk/0.1.0']`. */
  readonly userAgent?: string | readonly string[];
  readonly headers?: Record<string, string>;
  /** The error-mapping hook: the upstream's error bodies to typed errors (see `ErrorMapper`). */
  readonly errorMapper?: ErrorMapper;
  /** Records per list page when the caller gives no `limit`. Default 100. */
  readonly defaultPageSize?: number;
}

/**
 * Options of {@link LocalConnectorExecutor.readPage}.
 *
 * @example
 * ```ts
 * await executor.readPage('tasks', { project: '1' }, { limit: 100, query: { opt_fields: 'name' } });
 * ```
 */
export interface ReadPageOptions {
  /** The `meta.next_page.offset` of the previous page. */
  readonly offset?: string | null;
  readonly limit?: number;
  /** Query params that replace the action's fixed ones (e.g. a sync's `opt_fields`). */
  readonly query?: QueryParams;
  readonly signal?: AbortSignal;
}

/**
 * One raw list page: the upstream's records as plain objects, unchecked against the action's
 * record (a sync asks for other fields than the action does), and the next offset.
 *
 * @example
 * ```ts
 * const page: RawPage = { records: [{ id: 1 }], nextOffset: null };
 * ```
 */
export interface RawPage {
  readonly records: Record<string, unknown>[];
  readonly nextOffset: string | null;
}

/**
 * Fetches the pages of one list walk: the first with `offset` undefined, then each
 * `meta.next_page.offset` the previous page gave.
 *
 * @example
 * ```ts
 * const fetchPage: ListPageFetcher = executor.listPages('tasks', { project: '1' });
 * const first = await fetchPage(undefined);
 * ```
 */
export type ListPageFetcher = (offset: string | undefined, signal?: AbortSignal) => Promise<ListEnvelope>;

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
 * A list request before its paging: the path filled from the params, the query of the rest, the
 * page size, and the `offset` param, if any. A walk over every page builds it once.
 */
interface ListRequest {
  readonly path: string;
  readonly query: QueryParams;
  readonly limit: number;
  readonly offset: string | undefined;
}

/** What every page of one `listPages` walk shares: its action and params as the first page validated them. */
interface ListWalk {
  readonly action: ActionDefinition;
  readonly params: Record<string, unknown>;
  readonly upstream: UpstreamSpec;
  readonly request: ListRequest;
  readonly parse: (body: unknown, what: string) => unknown[];
}

/**
 * The query of the params left after the path (`limit` and `offset` left out for a list, whose
 * pager sends them under its own names), with the action's fixed query over them.
 */
function toQuery(
  params: Record<string, unknown>,
  fixed: QueryParams | undefined,
  paged = false,
): QueryParams {
  const query: { [key: string]: QueryParams[string] } = {};
  for (const key in params) {
    if (paged && (key === 'limit' || key === 'offset')) continue;
    const value = params[key];
    if (value !== undefined && value !== null) query[key] = String(value);
  }
  if (fixed !== undefined) for (const key in fixed) query[key] = fixed[key];
  return query;
}

function requireUpstream(
  definition: ConnectorDefinition,
  entity: string,
  action: ActionDefinition,
): UpstreamSpec {
  const upstream = upstreamOf(action);
  if (upstream) return upstream;
  throw new UnsupportedOperationError(
    `${definition.displayName} declares no upstream request for ${entity} ${action.kind}, so it cannot run in local mode.`,
    { code: 'unsupported_action', status: 400 },
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The local executor runtime: runs every action of a definition against the upstream, in this
 * process. Each request's params are validated against the definition (rules included), the
 * action's path is filled, the rest goes into the query, the list pages with the action's paging
 * strategy, and records are checked against the action's record schema. A page holding more
 * records than the `limit` sent is refused (`PageLimitExceededError`). `search` runs only in
 * hosted mode.
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
  const { definition, baseUrl } = options;
  const limiter =
    options.rateLimit === false
      ? undefined
      : options.rateLimit && 'acquire' in options.rateLimit
        ? options.rateLimit
        : createRateLimiter(options.rateLimit ?? options.defaultRateLimit ?? DEFAULT_RATE_LIMIT);
  const userAgent =
    typeof options.userAgent === 'string' ? [options.userAgent] : [...(options.userAgent ?? [])];
  const transport = createTransport({
    baseUrl,
    ...(options.auth === undefined ? {} : { auth: options.auth }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(limiter === undefined ? {} : { limiter }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(userAgent.length === 0 ? {} : { userAgent }),
    ...(options.errorMapper === undefined ? {} : { errorMapper: options.errorMapper }),
  });
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;

  function send(request: PageRequest, signal: AbortSignal | undefined): Promise<unknown> {
    // One object with every field (the transport reads an undefined one as absent): spreading
    // conditional literals built up to five objects per request, about 250 bytes of each page.
    return transport.json({
      path: request.url === undefined ? (request.path ?? '/') : undefined,
      url: request.url,
      query: request.query,
      headers: request.headers,
      signal,
    });
  }

  async function get(
    action: ActionDefinition,
    upstream: UpstreamSpec,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ) {
    const { path, rest } = fillPath(upstream.path, params);
    const query = toQuery(rest, upstream.query);
    const body = await send({ path, query }, signal);
    applyRecordDefaults(body, upstream.recordAt ?? 'data', upstream.recordDefaults);
    return parseRecord(action, body, upstream.recordAt ?? 'data', path);
  }

  /** The page request of a list's params (`offset` given apart). */
  function listRequest(
    upstream: UpstreamSpec,
    params: Record<string, unknown>,
    fixedQuery: QueryParams | undefined,
  ): ListRequest {
    const { path, rest } = fillPath(upstream.path, params);
    return {
      path,
      query: toQuery(rest, fixedQuery, true),
      limit: (rest.limit as number | undefined) ?? defaultPageSize,
      offset: rest.offset as string | undefined,
    };
  }

  /** One list page at `offset`: the records (checked by `parse`) and the next-page pointer. */
  async function page(
    upstream: UpstreamSpec,
    request: ListRequest,
    offset: string | undefined,
    parse: (body: unknown, what: string) => unknown[],
    signal: AbortSignal | undefined,
  ): Promise<ListEnvelope> {
    const { path } = request;
    const context: PageContext = { path, query: request.query, limit: request.limit, offset, baseUrl };
    const paging = upstream.paging;
    if (paging === undefined) {
      // An unpaged list: one request, everything it holds.
      const records = parse(await send({ path, query: context.query }, signal), path);
      return { records, meta: { next_page: null } };
    }
    const pager = pagerOf(paging);
    if (pager === undefined) {
      if (paging.type !== 'custom') throw new TypeError(`unknown paging ${paging.type}`);
      return paging.readPage({
        ...context,
        // A copy per page: a walk shares one query object, and a custom pager may change its own.
        query: { ...context.query },
        transport,
        signal,
        parseRecords: (body) => parse(body, path),
      });
    }
    const body = await send(pager.request(context), signal);
    const records = parse(body, path);
    if (pager.sendsLimit && records.length > context.limit) {
      throw new PageLimitExceededError(context.limit, records.length, { what: path });
    }
    const result = pager.page(body, records, context);
    return { records: result.records, meta: { next_page: result.next } };
  }

  async function download(
    upstream: UpstreamSpec,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<DownloadResult> {
    const spec = upstream.download;
    const range =
      spec?.rangeParam === undefined ? undefined : (params[spec.rangeParam] as string | undefined);
    const { path, rest } = fillPath(upstream.path, params);
    const rangeFault = (error: unknown): never => {
      throw spec?.rangeParam === undefined ? error : unsatisfiableRange(error, spec.rangeParam, range);
    };
    if (spec?.locate === undefined)
      return streamDownload(transport, { path, range, signal }).catch(rangeFault);
    if (spec.rangeParam !== undefined) delete rest[spec.rangeParam];
    const body = await send({ path, query: toQuery(rest, upstream.query) }, signal);
    const located = spec.locate(body, params);
    if (located.url === undefined && located.path === undefined) {
      throw new UnsupportedOperationError(`The upstream gives no download for ${path}.`, {
        code: 'download_unavailable',
      });
    }
    return streamDownload(transport, { ...located, range, signal }).catch(rangeFault);
  }

  /** The check of a list action's page: its records, defaults filled, as the record schema accepts them. */
  function listParser(action: ActionDefinition, upstream: UpstreamSpec) {
    const recordsAt = upstream.recordsAt ?? 'data';
    return (body: unknown, what: string) =>
      parseRecords(action, body, recordsAt, what, upstream.recordDefaults);
  }

  /** The action, upstream and parsed params of a `list` request (which local mode cannot run without an upstream). */
  function resolveList(entity: string, params: unknown) {
    const resolved = resolveExecuteRequest(definition, entity, 'list', params);
    return { ...resolved, upstream: requireUpstream(definition, entity, resolved.action) };
  }

  return {
    mode: 'local',
    transport,
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
          return download(upstream, params, signal);
        case 'get':
          return get(action, upstream, params, signal);
        case 'list': {
          const request = listRequest(upstream, params, upstream.query);
          return page(upstream, request, request.offset, listParser(action, upstream), signal);
        }
      }
    },
    listPages(entity, params) {
      let walk: ListWalk | undefined;
      // Not `async`: an async function returning `page(…)` would wrap its promise in one more
      // (and two more microtask turns) on each of a walk's pages.
      return (offset, signal) => {
        try {
          if (walk === undefined || offset === undefined) {
            const resolved = resolveList(entity, offset === undefined ? params : { ...params, offset });
            const request = listRequest(resolved.upstream, resolved.params, resolved.upstream.query);
            walk = { ...resolved, request, parse: listParser(resolved.action, resolved.upstream) };
            return page(walk.upstream, request, request.offset, walk.parse, signal);
          }
          // Later pages differ from the first only in their offset: its path, query and limit
          // (`fillPath`, 1.8 ms of CPU over a 2000-page walk) are the first page's.
          const parsed =
            nextPageParams(walk.action, walk.params, offset) ??
            resolveList(entity, { ...params, offset }).params;
          return page(walk.upstream, walk.request, parsed.offset as string, walk.parse, signal);
        } catch (error) {
          return Promise.reject(error);
        }
      };
    },
    async readPage(entity, params, readOptions = {}) {
      const { action, params: parsed } = resolveExecuteRequest(definition, entity, 'list', {
        ...params,
        ...(readOptions.limit === undefined ? {} : { limit: readOptions.limit }),
        ...(readOptions.offset == null ? {} : { offset: readOptions.offset }),
      });
      const upstream = requireUpstream(definition, entity, action);
      const recordsAt = upstream.recordsAt ?? 'data';
      const request = listRequest(upstream, parsed, readOptions.query ?? upstream.query);
      const result = await page(
        upstream,
        request,
        request.offset,
        (body, what) => {
          applyRecordDefaults(body, recordsAt, upstream.recordDefaults);
          const records = readAt(body, recordsAt);
          if (!Array.isArray(records) || !records.every(isPlainObject)) {
            throw new ResponseValidationError(
              `The upstream's ${what} page does not have the expected shape: ${recordsAt || 'the body'} must be an array of objects`,
              {
                details: [
                  {
                    field: recordsAt,
                    message: 'must be an array of objects',
                    error_code: 'invalid_response',
                  },
                ],
              },
            );
          }
          return records;
        },
        readOptions.signal,
      );
      return {
        records: result.records as Record<string, unknown>[],
        nextOffset: result.meta.next_page?.offset ?? null,
      };
    },
  };
}
