import type { Counter, Gauge, Histogram, MetricsRegistry } from './metrics-registry';

/**
 * The metrics every part of the server shares. The HTTP layer records requests; the execute, sync
 * and search features increment the upstream counters and set the sync lag.
 *
 * - `conduit_http_requests_total{method,route,status}`
 * - `conduit_http_request_duration_seconds{method,route}` (histogram)
 * - `conduit_http_requests_in_flight`
 * - `conduit_upstream_requests_total{connector_type,status}`: every upstream call, by status (`error` when none)
 * - `conduit_upstream_rate_limited_total{connector_type}`: upstream answers of 429
 * - `conduit_sync_lag_seconds{connector_type,entity}`: age of the oldest successful sync
 * - `conduit_rate_limited_total`: requests refused by the server's own limit
 */
export interface ServerMetrics {
  readonly registry: MetricsRegistry;
  readonly httpRequests: Counter;
  readonly httpDuration: Histogram;
  readonly httpInFlight: Gauge;
  readonly upstreamRequests: Counter;
  readonly upstreamRateLimited: Counter;
  readonly syncLag: Gauge;
  readonly rateLimited: Counter;
}

/**
 * Declares the server's metrics on a registry.
 *
 * @example
 * ```ts
 * const metrics = createServerMetrics(new MetricsRegistry());
 * metrics.upstreamRequests.inc({ connector_type: 'task-management', status: 429 });
 * metrics.upstreamRateLimited.inc({ connector_type: 'task-management' });
 * metrics.syncLag.set({ connector_type: 'task-management', entity: 'tasks' }, 42);
 * ```
 */
export function createServerMetrics(registry: MetricsRegistry): ServerMetrics {
  return {
    registry,
    httpRequests: registry.counter('conduit_http_requests_total', 'HTTP requests answered.', [
      'method',
      'route',
      'status',
    ]),
    httpDuration: registry.histogram(
      'conduit_http_request_duration_seconds',
      'Time to answer an HTTP request.',
      ['method', 'route'],
    ),
    httpInFlight: registry.gauge('conduit_http_requests_in_flight', 'HTTP requests being answered now.'),
    upstreamRequests: registry.counter('conduit_upstream_requests_total', 'Requests sent to upstream APIs.', [
      'connector_type',
      'status',
    ]),
    upstreamRateLimited: registry.counter(
      'conduit_upstream_rate_limited_total',
      'Upstream responses with status 429.',
      ['connector_type'],
    ),
    syncLag: registry.gauge('conduit_sync_lag_seconds', 'Seconds since the last successful sync.', [
      'connector_type',
      'entity',
    ]),
    rateLimited: registry.counter(
      'conduit_rate_limited_total',
      "Requests refused by the server's own rate limit.",
    ),
  };
}
