import type { ConnectorType } from '@conduit/connectors';
import { NetworkError, TimeoutError } from '@conduit/protocol';
import type { TransportHooks } from '@conduit/transport';
import type { ServerMetrics } from '../metrics/server-metrics';
import { currentUpstreamScope } from './upstream-call-scope';

/** A failure without any response: the upstream was not reached or did not answer in time. */
function unanswered(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError;
}

/**
 * Transport hooks of a connector's upstream calls: every attempt counted in
 * `conduit_upstream_requests_total` by status (`error` when no response came), 429s in
 * `conduit_upstream_rate_limited_total`, and the failure about to be retried remembered in the
 * request's {@link UpstreamCallScope}, for `deadlineAwareSleep`.
 *
 * @example
 * ```ts
 * createLocalExecutor({ auth, hooks: upstreamHooks(services.metrics, 'task-management') });
 * ```
 */
export function upstreamHooks(metrics: ServerMetrics, connectorType: ConnectorType): TransportHooks {
  const countUnanswered = (error: unknown, status: number | undefined) => {
    if (status === undefined && unanswered(error)) {
      metrics.upstreamRequests.inc({ connector_type: connectorType, status: 'error' });
    }
  };
  return {
    onResponse: ({ status }) => {
      metrics.upstreamRequests.inc({ connector_type: connectorType, status });
      if (status === 429) metrics.upstreamRateLimited.inc({ connector_type: connectorType });
    },
    onRetry: ({ error, status, reason }) => {
      countUnanswered(error, status);
      // A 401 replayed after a credential refresh does not wait, so only backoffs are remembered.
      const scope = currentUpstreamScope();
      if (scope && reason === 'error') scope.lastRetryError = error;
    },
    // The final attempt's response was counted by onResponse; only a final attempt without one is left.
    onError: ({ error, status }) => countUnanswered(error, status),
  };
}
