import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { RateLimiterOptions, RetryOptions } from '@conduit/transport';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { ExecutorFactory } from '../services/executor-resolver';
import { deadlineAwareSleep } from '../upstream/upstream-call-scope';
import type { UpstreamEgress } from '../upstream/upstream-egress';
import { upstreamHooks } from '../upstream/upstream-hooks';
import type { UpstreamLimiters } from '../upstream/upstream-limiters';
import { VERSION } from '../version';

/** How the server's executors call the upstream. */
export interface ModuleExecutorFactoryOptions {
  /** The connector modules the server runs. */
  readonly registry: ConnectorRegistry;
  readonly metrics: ServerMetrics;
  /** Per upstream attempt (and the longest wait for the next chunk of a download). */
  readonly attemptTimeoutMs: number;
  /** Merged over the transport's policy; the wait between attempts never passes the request's deadline. */
  readonly retry?: Partial<RetryOptions>;
  /**
   * Each executor's (connector's) upstream limiter, merged over the module's published limits;
   * default those limits, `false` for none.
   */
  readonly rateLimit?: Partial<RateLimiterOptions> | false;
  /**
   * Per-connector limiters shared with everything else that calls the upstream for a connector
   * (its sync), so together they stay inside one budget; wins over `rateLimit`.
   */
  readonly limiters?: UpstreamLimiters;
  /** Upstream `fetch` of every connector; wins over `egress`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Builds each connector's `fetch`: the egress policy and response bounds. */
  readonly egress?: UpstreamEgress;
}

/**
 * Builds the executor of a hosted connector from its kind's module in the connector registry:
 * the module's executor factory, with the stored credentials, the connector's upstream address,
 * refreshed OAuth credentials persisted through the context (sealed, status `active`), upstream
 * calls counted in the metrics, and retry waits bounded by each request's deadline. `undefined`
 * for a kind no module runs.
 *
 * @example
 * ```ts
 * const factory = moduleExecutorFactory('task-management', { registry, metrics: services.metrics, attemptTimeoutMs: 15_000 });
 * const executor = factory?.(await services.connectors.loadForCaller(caller, id), context);
 * ```
 */
export function moduleExecutorFactory(
  connectorType: string,
  options: ModuleExecutorFactoryOptions,
): ExecutorFactory | undefined {
  const module = options.registry.forKind(connectorType);
  if (!module) return undefined;
  const hooks = upstreamHooks(options.metrics, module.kind);
  return (connector, context) => {
    if (connector.type !== module.kind) {
      throw new TypeError(`a ${module.kind} executor cannot run a ${connector.type} connector`);
    }
    return module.createExecutor({
      credentials: connector.credentials,
      baseUrl: connector.baseUrl,
      // Awaited by the refresh: requests waiting on it go on only once the new pair is stored, so
      // a crash right after can never leave a rotated-away refresh token as the stored one.
      saveCredentials: (credentials) => context.saveCredentials(credentials),
      ...(context.coordinateRefresh === undefined ? {} : { coordinateRefresh: context.coordinateRefresh }),
      timeoutMs: options.attemptTimeoutMs,
      retry: { ...options.retry, sleep: deadlineAwareSleep },
      hooks,
      userAgent: `conduit-server/${VERSION}`,
      rateLimit: options.limiters
        ? options.limiters.for(connector.record.id, module)
        : options.rateLimit === false
          ? false
          : { ...module.rateLimit, ...options.rateLimit },
      ...(options.fetch !== undefined
        ? { fetch: options.fetch }
        : options.egress !== undefined
          ? { fetch: options.egress.fetchFor(connector.type, connector.baseUrl) }
          : {}),
    });
  };
}
