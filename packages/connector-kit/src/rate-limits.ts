import type { RateLimiterOptions } from '@conduit/transport';

/**
 * The client-side limit of a connector that declares none: 600 requests a minute, 10 at once.
 * Below what the common upstreams publish, so a new connector starts inside its budget.
 *
 * @example
 * ```ts
 * createConnectorExecutor({ definition, baseUrl, defaultRateLimit: DEFAULT_RATE_LIMIT });
 * ```
 */
export const DEFAULT_RATE_LIMIT: RateLimiterOptions = {
  requestsPerInterval: 600,
  intervalMs: 60_000,
  maxConcurrent: 10,
};

/** The page size of a list whose caller gave no `limit`. */
export const DEFAULT_PAGE_SIZE = 100;
