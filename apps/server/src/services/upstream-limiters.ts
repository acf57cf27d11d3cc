import { ASANA_RATE_LIMIT } from '@conduit/asana';
import { createRateLimiter, type RateLimiter, type RateLimiterOptions } from '@conduit/transport';

/**
 * One upstream request budget per connector in this process, shared by everything that calls
 * the upstream for it (every run of its sync; the execute feature can take the same one), so the
 * connector's calls together stay within the upstream's limits. Defaults to the upstream's
 * published limits for one token.
 *
 * @example
 * ```ts
 * const limiters = new UpstreamLimiters();
 * createLocalExecutor({ auth, rateLimit: limiters.for(connector.id) });
 * ```
 */
export class UpstreamLimiters {
  readonly #options: RateLimiterOptions;
  readonly #limiters = new Map<string, RateLimiter>();

  constructor(options: RateLimiterOptions = ASANA_RATE_LIMIT) {
    this.#options = options;
  }

  /** The connector's limiter, created on first use. */
  for(connectorId: string): RateLimiter {
    let limiter = this.#limiters.get(connectorId);
    if (!limiter) {
      limiter = createRateLimiter(this.#options);
      this.#limiters.set(connectorId, limiter);
    }
    return limiter;
  }

  /** Forgets a connector's limiter (the connector was deleted). */
  forget(connectorId: string): void {
    this.#limiters.delete(connectorId);
  }
}
