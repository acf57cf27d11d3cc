import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Histogram buckets of request and upstream times, in seconds: 5 ms to 30 s.
 *
 * @example
 * ```ts
 * new Histogram({ name: 'x_seconds', help: 'x', buckets: [...DURATION_BUCKETS] });
 * ```
 */
export const DURATION_BUCKETS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/** Connections of the store's pool, as `pg`'s pool counts them. */
export interface PoolStats {
  /** Connections open, idle or in use. */
  readonly total: number;
  readonly idle: number;
  /** Queries waiting for a connection. */
  readonly waiting: number;
  /** The pool's maximum size. */
  readonly max: number;
}

/**
 * The metrics every part of the server shares, on one prom-client registry. The HTTP layer records
 * requests; the execute, sync and search features record their own work and the upstream calls.
 *
 * - `conduit_http_requests_total{method,route,status}`, `conduit_http_request_duration_seconds{method,route}`,
 *   `conduit_http_requests_in_flight`
 * - `conduit_execute_total{connector_type,entity,action,outcome}`, `conduit_execute_duration_seconds{connector_type,action}`
 * - `conduit_upstream_requests_total{connector_type,status}` (status `error` when no response came),
 *   `conduit_upstream_rate_limited_total{connector_type}` (upstream 429s)
 * - `conduit_sync_runs_total{connector_type,mode,outcome}`, `conduit_sync_run_duration_seconds{connector_type,mode}`,
 *   `conduit_sync_records_total{connector_type}`, `conduit_sync_lag_seconds{connector_type,entity}`
 * - `conduit_store_pool_connections{state}` (`total`, `idle`, `waiting`, `max`; PostgreSQL only)
 * - `conduit_rate_limited_total`: requests refused by the server's own limit
 * - with `defaultMetrics`, prom-client's process and Node.js metrics (`process_cpu_seconds_total`,
 *   `nodejs_eventloop_lag_seconds`, heap, handles, GC …)
 */
export interface ServerMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly httpInFlight: Gauge;
  readonly executeTotal: Counter<'connector_type' | 'entity' | 'action' | 'outcome'>;
  readonly executeDuration: Histogram<'connector_type' | 'action'>;
  readonly upstreamRequests: Counter<'connector_type' | 'status'>;
  readonly upstreamRateLimited: Counter<'connector_type'>;
  readonly syncRuns: Counter<'connector_type' | 'mode' | 'outcome'>;
  readonly syncDuration: Histogram<'connector_type' | 'mode'>;
  readonly syncRecords: Counter<'connector_type'>;
  readonly syncLag: Gauge<'connector_type' | 'entity'>;
  readonly rateLimited: Counter;
  /**
   * Reports the store's pool on every scrape; the server calls it once the store is open.
   * Calling it again replaces the source.
   */
  observePool(stats: () => PoolStats | undefined): void;
}

/** Options of {@link createServerMetrics}. */
export interface ServerMetricsOptions {
  /** Default: a new registry. */
  readonly registry?: Registry;
  /**
   * Also collect prom-client's default process and Node.js metrics (event-loop lag, heap, GC).
   * The server turns this on; tests building many apps leave it off. Default false.
   */
  readonly defaultMetrics?: boolean;
}

/**
 * Declares the server's metrics on a prom-client registry, rendered by `/metrics` with
 * `registry.metrics()` in the Prometheus text format.
 *
 * @example
 * ```ts
 * const metrics = createServerMetrics({ defaultMetrics: true });
 * metrics.upstreamRequests.inc({ connector_type: 'task-management', status: 429 });
 * metrics.upstreamRateLimited.inc({ connector_type: 'task-management' });
 * const text = await metrics.registry.metrics();
 * ```
 */
export function createServerMetrics(options: ServerMetricsOptions = {}): ServerMetrics {
  const registry = options.registry ?? new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let poolStats: () => PoolStats | undefined = () => undefined;
  new Gauge({
    name: 'conduit_store_pool_connections',
    help: "Connections of the store's PostgreSQL pool, by state (total, idle, waiting queries, max).",
    labelNames: ['state'],
    registers,
    collect() {
      const stats = poolStats();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'conduit_http_requests_total',
      help: 'HTTP requests answered.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'conduit_http_request_duration_seconds',
      help: 'Time to answer an HTTP request.',
      labelNames: ['method', 'route'],
      buckets: [...DURATION_BUCKETS],
      registers,
    }),
    httpInFlight: new Gauge({
      name: 'conduit_http_requests_in_flight',
      help: 'HTTP requests being answered now.',
      registers,
    }),
    executeTotal: new Counter({
      name: 'conduit_execute_total',
      help: 'Execute calls that reached a connector, by outcome (ok, error).',
      labelNames: ['connector_type', 'entity', 'action', 'outcome'],
      registers,
    }),
    executeDuration: new Histogram({
      name: 'conduit_execute_duration_seconds',
      help: 'Time an execute call spent in its connector (upstream calls and retries included).',
      labelNames: ['connector_type', 'action'],
      buckets: [...DURATION_BUCKETS],
      registers,
    }),
    upstreamRequests: new Counter({
      name: 'conduit_upstream_requests_total',
      help: 'Requests sent to upstream APIs, by status (error when none came).',
      labelNames: ['connector_type', 'status'],
      registers,
    }),
    upstreamRateLimited: new Counter({
      name: 'conduit_upstream_rate_limited_total',
      help: 'Upstream responses with status 429.',
      labelNames: ['connector_type'],
      registers,
    }),
    syncRuns: new Counter({
      name: 'conduit_sync_runs_total',
      help: 'Sync runs finished, by mode (full, incremental) and outcome (succeeded, failed).',
      labelNames: ['connector_type', 'mode', 'outcome'],
      registers,
    }),
    syncDuration: new Histogram({
      name: 'conduit_sync_run_duration_seconds',
      help: 'Time a sync run took from start to end.',
      labelNames: ['connector_type', 'mode'],
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
      registers,
    }),
    syncRecords: new Counter({
      name: 'conduit_sync_records_total',
      help: 'Records written to the search copy by sync runs.',
      labelNames: ['connector_type'],
      registers,
    }),
    syncLag: new Gauge({
      name: 'conduit_sync_lag_seconds',
      help: 'Seconds since the last successful sync.',
      labelNames: ['connector_type', 'entity'],
      registers,
    }),
    rateLimited: new Counter({
      name: 'conduit_rate_limited_total',
      help: "Requests refused by the server's own rate limit.",
      registers,
    }),
    observePool(stats) {
      poolStats = stats;
    },
  };
}
