import type { Clock } from '../clock';

/**
 * Limits of failed logins, each `failures` per `windowMs`.
 *
 * @example
 * ```ts
 * const limits: LoginGuardLimits = { perClientAddress: 10, perAddress: 100, windowMs: 300_000 };
 * ```
 */
export interface LoginGuardLimits {
  /** Failures of one client id from one address. Default 10. */
  readonly perClientAddress?: number;
  /** Failures from one address, whatever the client id (known or not). Default 100. */
  readonly perAddress?: number;
  /** Window length. Default 5 minutes. */
  readonly windowMs?: number;
  /** Buckets kept at most; the oldest are dropped past it. Default 100,000. */
  readonly maxBuckets?: number;
}

/** The verdict before a login attempt. */
export interface LoginVerdict {
  readonly allowed: boolean;
  /** Whole seconds until the blocking window ends (at least 1), when not allowed. */
  readonly retryAfterSeconds: number;
  /** Which bucket blocked: the client id from this address, or the address. */
  readonly blockedBy?: 'client-address' | 'address';
}

interface Bucket {
  windowStart: number;
  failures: number;
}

/**
 * Counts failed logins of the token endpoint apart from the applications' API budgets: per
 * (client id, source address) and per source address, in fixed windows. An attempt is refused
 * before the slow secret check when either bucket is full, so a flood costs no hashing; the right
 * secret from another address is never refused by someone else's failures, and an application's
 * tokens keep their API budget. Unknown client ids fill the same buckets. Per process: with several
 * server processes an attacker gets the limits once per process.
 *
 * @example
 * ```ts
 * const verdict = guard.check(clientId, address);
 * if (!verdict.allowed) throw tooManyLogins(verdict.retryAfterSeconds);
 * if (!(await verify())) guard.fail(clientId, address);
 * ```
 */
export class LoginGuard {
  readonly #clock: Clock;
  readonly #perClientAddress: number;
  readonly #perAddress: number;
  readonly #windowMs: number;
  readonly #maxBuckets: number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(clock: Clock, limits: LoginGuardLimits = {}) {
    this.#clock = clock;
    this.#perClientAddress = limits.perClientAddress ?? 10;
    this.#perAddress = limits.perAddress ?? 100;
    this.#windowMs = limits.windowMs ?? 300_000;
    this.#maxBuckets = limits.maxBuckets ?? 100_000;
  }

  /** Whether an attempt of `clientId` from `address` may run its secret check now. */
  check(clientId: string, address: string): LoginVerdict {
    const now = this.#clock.now();
    if (this.#failures(`a:${address}`, now) >= this.#perAddress) return this.#blocked('address', now);
    if (this.#failures(`c:${address}:${clientId}`, now) >= this.#perClientAddress) {
      return this.#blocked('client-address', now);
    }
    return { allowed: true, retryAfterSeconds: 0 };
  }

  /** Records a failed attempt (wrong secret or unknown client id). */
  fail(clientId: string, address: string): void {
    const now = this.#clock.now();
    this.#add(`a:${address}`, now);
    this.#add(`c:${address}:${clientId}`, now);
  }

  #windowStart(now: number): number {
    return now - (now % this.#windowMs);
  }

  #failures(key: string, now: number): number {
    const bucket = this.#buckets.get(key);
    return bucket !== undefined && bucket.windowStart === this.#windowStart(now) ? bucket.failures : 0;
  }

  #add(key: string, now: number): void {
    const windowStart = this.#windowStart(now);
    const bucket = this.#buckets.get(key);
    if (bucket !== undefined && bucket.windowStart === windowStart) {
      bucket.failures += 1;
      return;
    }
    // Re-inserted, so the map's order stays oldest-first for eviction.
    this.#buckets.delete(key);
    this.#buckets.set(key, { windowStart, failures: 1 });
    while (this.#buckets.size > this.#maxBuckets) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest === undefined) break;
      this.#buckets.delete(oldest);
    }
  }

  #blocked(blockedBy: 'client-address' | 'address', now: number): LoginVerdict {
    const end = this.#windowStart(now) + this.#windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)), blockedBy };
  }
}
