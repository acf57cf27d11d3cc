import {
  type ActionDefinition,
  type ConnectorDefinition,
  definedOptions,
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
import { fillPath } from '../fill-path';
import type { PageRequest } from '../paging/pager';
import { DEFAULT_PAGE_SIZE, DEFAULT_RATE_LIMIT } from '../rate-limits';
import { type UpstreamSpec, upstreamOf } from '../upstream-spec';

/**
 * Options of `createConnectorExecutor`: the definition (whose actions carry their upstream
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

/** What every operation of one local executor shares: built once, by {@link createExecutorContext}. */
export interface ExecutorContext {
  readonly definition: ConnectorDefinition;
  readonly baseUrl: string;
  /** The transport every request goes through (auth, retries, limiter, error mapping). */
  readonly transport: Transport;
  readonly defaultPageSize: number;
}

/**
 * A list request before its paging: the path filled from the params, the query of the rest, the
 * page size, and the `offset` param, if any. A walk over every page builds it once.
 */
export interface ListRequest {
  readonly path: string;
  readonly query: QueryParams;
  readonly limit: number;
  readonly offset: string | undefined;
}

/**
 * The first of the executor's two steps: the transport of the options (the limiter resolved from
 * `rateLimit` and the upstream's defaults) and the page size. The operations are the second.
 */
export function createExecutorContext(options: ConnectorExecutorOptions): ExecutorContext {
  const { definition, baseUrl } = options;
  const limiter =
    options.rateLimit === false
      ? undefined
      : options.rateLimit && 'acquire' in options.rateLimit
        ? options.rateLimit
        : createRateLimiter(options.rateLimit ?? options.defaultRateLimit ?? DEFAULT_RATE_LIMIT);
  const userAgent =
    typeof options.userAgent === 'string' ? [options.userAgent] : [...(options.userAgent ?? [])];
  const transport = createTransport(
    definedOptions({
      baseUrl,
      auth: options.auth,
      fetch: options.fetch,
      limiter,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
      hooks: options.hooks,
      headers: options.headers,
      userAgent: userAgent.length === 0 ? undefined : userAgent,
      errorMapper: options.errorMapper,
    }),
  );
  return { definition, baseUrl, transport, defaultPageSize: options.defaultPageSize ?? DEFAULT_PAGE_SIZE };
}

/** One request of an operation, as JSON. */
export function send(
  context: ExecutorContext,
  request: PageRequest,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  // One object with every field (the transport reads an undefined one as absent): spreading
  // conditional literals built up to five objects per request, about 250 bytes of each page.
  return context.transport.json({
    path: request.url === undefined ? (request.path ?? '/') : undefined,
    url: request.url,
    query: request.query,
    headers: request.headers,
    signal,
  });
}

/**
 * The query of the params left after the path (`limit` and `offset` left out for a list, whose
 * pager sends them under its own names), with the action's fixed query over them.
 */
export function toQuery(
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

/** The page request of a list's params (`offset` given apart). */
export function listRequest(
  context: ExecutorContext,
  upstream: UpstreamSpec,
  params: Record<string, unknown>,
  fixedQuery: QueryParams | undefined,
): ListRequest {
  const { path, rest } = fillPath(upstream.path, params);
  return {
    path,
    query: toQuery(rest, fixedQuery, true),
    limit: (rest.limit as number | undefined) ?? context.defaultPageSize,
    offset: rest.offset as string | undefined,
  };
}

/** The action's upstream request, which local mode cannot run without. */
export function requireUpstream(
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
