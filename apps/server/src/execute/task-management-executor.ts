import { type AsanaAuth, createLocalExecutor } from '@conduit/asana';
import type { RateLimiterOptions, RetryOptions } from '@conduit/transport';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { ExecutorFactory } from '../services/executor-resolver';
import type { UpstreamLimiters } from '../services/upstream-limiters';
import { VERSION } from '../version';
import { deadlineAwareSleep } from './upstream-call-scope';
import type { UpstreamEgress } from './upstream-egress';
import { upstreamHooks } from './upstream-hooks';

/** How the server's task-management executors call the upstream. */
export interface TaskManagementExecutorOptions {
  readonly metrics: ServerMetrics;
  /** Per upstream attempt (and the longest wait for the next chunk of a download). */
  readonly attemptTimeoutMs: number;
  /** Merged over the transport's policy; the wait between attempts never passes the request's deadline. */
  readonly retry?: Partial<RetryOptions>;
  /** Each executor's (connector's) upstream limiter; default Asana's published limits, `false` for none. */
  readonly rateLimit?: RateLimiterOptions | false;
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
 * Builds the executor of a task-management connector: the connector's own local executor
 * (`createLocalExecutor` of `@conduit/asana`), with the stored credentials, the connector's
 * upstream address, refreshed OAuth tokens persisted through the context (sealed, status
 * `active`), upstream calls counted in the metrics, and retry waits bounded by each request's
 * deadline.
 *
 * @example
 * ```ts
 * const factory = taskManagementExecutorFactory({ metrics: services.metrics, attemptTimeoutMs: 15_000 });
 * const executor = factory(await services.connectors.loadForCaller(caller, id), context);
 * ```
 */
export function taskManagementExecutorFactory(options: TaskManagementExecutorOptions): ExecutorFactory {
  const hooks = upstreamHooks(options.metrics, 'task-management');
  return (connector, context) => {
    if (connector.type !== 'task-management') {
      throw new TypeError(`a task-management executor cannot run a ${connector.type} connector`);
    }
    const credentials = connector.credentials;
    let auth: AsanaAuth;
    if ('token' in credentials) {
      auth = { token: credentials.token };
    } else {
      const { client_id: clientId, client_secret: clientSecret } = credentials;
      auth = {
        refreshToken: credentials.refresh_token,
        clientId,
        clientSecret,
        ...(credentials.access_token === undefined ? {} : { accessToken: credentials.access_token }),
        // Awaited by the refresh: requests waiting on it go on only once the new pair is stored, so
        // a crash right after can never leave a rotated-away refresh token as the stored one.
        onTokens: (tokens) =>
          context.saveCredentials({
            refresh_token: tokens.refreshToken,
            client_id: clientId,
            client_secret: clientSecret,
            access_token: tokens.accessToken,
          }),
      };
    }
    return createLocalExecutor({
      auth,
      baseUrl: connector.baseUrl,
      timeoutMs: options.attemptTimeoutMs,
      retry: { ...options.retry, sleep: deadlineAwareSleep },
      hooks,
      userAgent: `conduit-server/${VERSION}`,
      ...(options.limiters
        ? { rateLimit: options.limiters.for(connector.record.id) }
        : options.rateLimit === undefined
          ? {}
          : { rateLimit: options.rateLimit }),
      ...(options.fetch !== undefined
        ? { fetch: options.fetch }
        : options.egress !== undefined
          ? { fetch: options.egress.fetchFor(connector.type, connector.baseUrl) }
          : {}),
    });
  };
}
