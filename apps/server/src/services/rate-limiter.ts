import type { Clock } from '../clock';
import type { RateLimitSpec } from '../config/rate-limit-spec';
import type { Store } from '../store/store';

/** The verdict on one request. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  readonly resetSeconds: number;
}

/**
 * Counts requests per bucket (an application) in fixed windows kept in the store, so every server
 * process sharing a database enforces one limit together.
 *
 * @example
 * ```ts
 * const decision = await limiter.hit(`app:${caller.applicationId}`);
 * if (!decision.allowed) throw tooManyRequests(decision.resetSeconds);
 * ```
 */
export class RateLimiter {
  readonly #store: Store;
  readonly #spec: RateLimitSpec;
  readonly #clock: Clock;

  constructor(store: Store, spec: RateLimitSpec, clock: Clock) {
    this.#store = store;
    this.#spec = spec;
    this.#clock = clock;
  }

  async hit(bucket: string): Promise<RateLimitDecision> {
    const now = this.#clock.now();
    const windowStart = now - (now % this.#spec.windowMs);
    const hits = await this.#store.hitRateLimit(bucket, windowStart);
    return {
      allowed: hits <= this.#spec.limit,
      limit: this.#spec.limit,
      remaining: Math.max(0, this.#spec.limit - hits),
      resetSeconds: Math.max(1, Math.ceil((windowStart + this.#spec.windowMs - now) / 1000)),
    };
  }
}
