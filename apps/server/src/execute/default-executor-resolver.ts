import { ASANA_RATE_LIMIT } from '@conduit/asana';
import type { RateLimiterOptions, RetryOptions } from '@conduit/transport';
import type { RateLimitSpec } from '../config/rate-limit-spec';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { ExecutorResolver } from '../services/executor-resolver';
import type { UpstreamLimiters } from '../services/upstream-limiters';
import { taskManagementExecutorFactory } from './task-management-executor';
import type { UpstreamEgress } from './upstream-egress';

/** The default per-attempt upstream timeout, in milliseconds. */
export const DEFAULT_UPSTREAM_ATTEMPT_TIMEOUT_MS = 15_000;

/** Options of {@link defaultExecutorResolver}. */
export interface DefaultExecutorResolverOptions {
  readonly metrics: ServerMetrics;
  /** Per upstream attempt, and the longest wait for the next chunk of a download. Default 15 s. */
  readonly attemptTimeoutMs?: number;
  readonly retry?: Partial<RetryOptions>;
  /**
   * Each connector's limit on its upstream calls (`CONDUIT_UPSTREAM_RATE_LIMIT`); null for none.
   * Default: the upstream's published limit (Asana: 1,500 a minute, 50 at once, per token).
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
 * How the server executes connectors of each kind: task-management connectors run the Asana
 * connector's local executor against the upstream; the support-desk and CRM kinds have no
 * executor (their entities are not defined).
 *
 * @example
 * ```ts
 * const executors = defaultExecutorResolver({ metrics });
 * const server = await createServer({ metrics, executors });
 * ```
 */
export function defaultExecutorResolver(options: DefaultExecutorResolverOptions): ExecutorResolver {
  const taskManagement = taskManagementExecutorFactory({
    metrics: options.metrics,
    attemptTimeoutMs: options.attemptTimeoutMs ?? DEFAULT_UPSTREAM_ATTEMPT_TIMEOUT_MS,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.egress === undefined ? {} : { egress: options.egress }),
    ...(options.limiters === undefined ? {} : { limiters: options.limiters }),
    ...(options.rateLimit === undefined
      ? {}
      : {
          rateLimit: options.rateLimit === null ? false : upstreamLimiterOptions(options.rateLimit),
        }),
  });
  return { resolve: (type) => (type === 'task-management' ? taskManagement : undefined) };
}

/**
 * The limiter options of a `CONDUIT_UPSTREAM_RATE_LIMIT` value, with the upstream's concurrency cap.
 *
 * @example
 * ```ts
 * new UpstreamLimiters(upstreamLimiterOptions({ limit: 1500, windowMs: 60_000 }));
 * ```
 */
export function upstreamLimiterOptions(spec: RateLimitSpec): RateLimiterOptions {
  return {
    requestsPerInterval: spec.limit,
    intervalMs: spec.windowMs,
    maxConcurrent: ASANA_RATE_LIMIT.maxConcurrent,
  };
}
