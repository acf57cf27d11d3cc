import { type ConnectorModule, DEFAULT_RATE_LIMIT } from '@conduit/connector-kit';
import type { RateLimiter, RateLimiterOptions } from '@conduit/transport';
import { DeadlineAwareLimiter } from './deadline-aware-limiter';

/**
 * One upstream request budget per connector in this process, shared by everything that calls
 * the upstream for it (every run of its sync; the execute feature can take the same one), so the
 * connector's calls together stay within the upstream's limits. Each budget is the connector
 * kind's published limits (its module's `rateLimit`), with `overrides` merged over them. An
 * execute request finds out at once, as a 429, when a pause the upstream asked for outlasts its
 * deadline ({@link DeadlineAwareLimiter}).
 *
 * @example
 * ```ts
 * const limiters = new UpstreamLimiters();
 * module.createExecutor({ credentials, rateLimit: limiters.for(connector.id, module) });
 * ```
 */
export class UpstreamLimiters {
  readonly #overrides: Partial<RateLimiterOptions>;
  readonly #limiters = new Map<string, RateLimiter>();

  constructor(overrides: Partial<RateLimiterOptions> = {}) {
    this.#overrides = overrides;
  }

  /** The connector's limiter, created on first use with the limits its module publishes. */
  for(connectorId: string, module?: Pick<ConnectorModule, 'rateLimit' | 'displayName'>): RateLimiter {
    let limiter = this.#limiters.get(connectorId);
    if (!limiter) {
      const published = module?.rateLimit ?? DEFAULT_RATE_LIMIT;
      limiter = new DeadlineAwareLimiter(
        { ...published, ...this.#overrides },
        module?.displayName ?? 'The upstream',
      );
      this.#limiters.set(connectorId, limiter);
    }
    return limiter;
  }

  /** Forgets a connector's limiter (the connector was deleted). */
  forget(connectorId: string): void {
    this.#limiters.delete(connectorId);
  }
}
