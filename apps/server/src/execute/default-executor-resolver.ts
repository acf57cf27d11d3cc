import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { RateLimiterOptions, RetryOptions } from '@conduit/transport';
import type { RateLimitSpec } from '../config/rate-limit-spec';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { ExecutorFactory, ExecutorResolver } from '../services/executor-resolver';
import type { UpstreamEgress } from '../upstream/upstream-egress';
import type { UpstreamLimiters } from '../upstream/upstream-limiters';
import { moduleExecutorFactory } from './module-executor-factory';

/** The default per-attempt upstream timeout, in milliseconds. */
export const DEFAULT_UPSTREAM_ATTEMPT_TIMEOUT_MS = 15_000;

/** Options of {@link defaultExecutorResolver}. */
export interface DefaultExecutorResolverOptions {
  /** The connector modules the server runs (`ServerServices.registry`). */
  readonly registry: ConnectorRegistry;
  readonly metrics: ServerMetrics;
  /** Per upstream attempt, and the longest wait for the next chunk of a download. Default 15 s. */
  readonly attemptTimeoutMs?: number;
  readonly retry?: Partial<RetryOptions>;
  /**
   * Each connector's limit on its upstream calls (`CONDUIT_UPSTREAM_RATE_LIMIT`); null for none.
   * Default: the upstream's published limit (each connector module's `rateLimit`).
   */
  readonly rateLimit?: RateLimitSpec | null;
  /** Upstream `fetch` of every connector; wins over `egress`. */
  readonly fetch?: typeof globalThis.fetch;
  /** The egress policy and response bounds each connector's `fetch` is built with. */
  readonly egress?: UpstreamEgress;
  /** Limiters shared with the connector's sync; when given, `rateLimit` is theirs to apply. */
  readonly limiters?: UpstreamLimiters;
}

/**
 * How the server executes connectors of each kind: a kind with a module in the connector registry
 * runs that module's executor against the upstream; other kinds have no executor (their entities
 * are not defined).
 *
 * @example
 * ```ts
 * const executors = defaultExecutorResolver({ registry: await builtinConnectors.load(), metrics });
 * const server = await createServer({ metrics, executors });
 * ```
 */
export function defaultExecutorResolver(options: DefaultExecutorResolverOptions): ExecutorResolver {
  const factoryOptions = {
    registry: options.registry,
    metrics: options.metrics,
    attemptTimeoutMs: options.attemptTimeoutMs ?? DEFAULT_UPSTREAM_ATTEMPT_TIMEOUT_MS,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.egress === undefined ? {} : { egress: options.egress }),
    ...(options.limiters === undefined ? {} : { limiters: options.limiters }),
    ...(options.rateLimit === undefined
      ? {}
      : {
          rateLimit:
            options.rateLimit === null ? (false as const) : upstreamLimiterOptions(options.rateLimit),
        }),
  };
  const factories = new Map<string, ExecutorFactory | undefined>();
  return {
    resolve(type) {
      if (!factories.has(type)) factories.set(type, moduleExecutorFactory(type, factoryOptions));
      return factories.get(type);
    },
  };
}

/**
 * The limiter options of a `CONDUIT_UPSTREAM_RATE_LIMIT` value; merged over each module's own
 * limits, so the upstream's concurrency cap stays.
 *
 * @example
 * ```ts
 * new UpstreamLimiters(upstreamLimiterOptions({ limit: 1500, windowMs: 60_000 }));
 * ```
 */
export function upstreamLimiterOptions(
  spec: RateLimitSpec,
): Pick<RateLimiterOptions, 'requestsPerInterval' | 'intervalMs'> {
  return { requestsPerInterval: spec.limit, intervalMs: spec.windowMs };
}
