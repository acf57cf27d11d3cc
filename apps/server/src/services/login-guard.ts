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
  /**
   * Secret checks running at once for one address. Default 1: the slow hash runs on Node.js's
   * small thread pool, and a flood from one address must not hold all of it while others wait.
   */
  readonly maxInFlightPerAddress?: number;
  /**
   * How long a refused attempt waits before its 429 goes out. Default 1,000 ms: a flood over
   * keep-alive connections then gets one answer per connection per second, instead of costing the
   * server as much CPU as it can send.
   */
  readonly refusalDelayMs?: number;
}

/** The verdict before a login attempt. */
export interface LoginVerdict {
  readonly allowed: boolean;
  /** Whole seconds until the blocking window ends (at least 1), when not allowed. */
  readonly retryAfterSeconds: number;
  /** Which bucket blocked: the client id from this address, the address, or its checks in flight. */
  readonly blockedBy?: 'client-address' | 'address' | 'in-flight';
  /** Ends the attempt's slot among the address's checks in flight; call it once, when allowed. */
  readonly done: () => void;
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
 * tokens keep their API budget. Unknown client ids fill the same buckets. One address runs one slow
 * check at a time (more are refused at once), so a flood cannot hold the hashing thread pool. Per
 * process: with several
 * server processes an attacker gets the limits once per process.
 *
 * @example
 * ```ts
 * const verdict = guard.check(clientId, address);
 * if (!verdict.allowed) throw tooManyLogins(verdict.retryAfterSeconds);
 * try {
 *   if (!(await verify())) guard.fail(clientId, address);
 * } finally {
 *   verdict.done();
 * }
 * ```
 */
export class LoginGuard {
  readonly #clock: Clock;
  readonly #perClientAddress: number;
  readonly #perAddress: number;
  readonly #windowMs: number;
  readonly #maxBuckets: number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #maxInFlight: number;
  /** How long a refused attempt is held before its answer. */
  readonly refusalDelayMs: number;
  readonly #inFlight = new Map<string, number>();

  constructor(clock: Clock, limits: LoginGuardLimits = {}) {
    this.#clock = clock;
    this.#perClientAddress = limits.perClientAddress ?? 10;
    this.#perAddress = limits.perAddress ?? 100;
    this.#windowMs = limits.windowMs ?? 300_000;
    this.#maxBuckets = limits.maxBuckets ?? 100_000;
    this.#maxInFlight = limits.maxInFlightPerAddress ?? 1;
    this.refusalDelayMs = limits.refusalDelayMs ?? 1000;
  }

  /**
   * Whether `address` may log in at all right now (its failure bucket has room and no check of
   * its is running), before anything of the request is read. Holds no slot.
   */
  checkAddress(address: string): LoginVerdict {
    const now = this.#clock.now();
    if (this.#failures(`a:${address}`, now) >= this.#perAddress) return this.#blocked('address', now);
    if ((this.#inFlight.get(address) ?? 0) >= this.#maxInFlight) {
      return { allowed: false, retryAfterSeconds: 1, blockedBy: 'in-flight', done: () => {} };
    }
    return { allowed: true, retryAfterSeconds: 0, done: () => {} };
  }

  /**
   * Whether an attempt of `clientId` from `address` may run its secret check now; when allowed,
   * it holds one of the address's in-flight slots until `done()`.
   */
  check(clientId: string, address: string): LoginVerdict {
    const now = this.#clock.now();
    if (this.#failures(`a:${address}`, now) >= this.#perAddress) return this.#blocked('address', now);
    if (this.#failures(`c:${address}:${clientId}`, now) >= this.#perClientAddress) {
      return this.#blocked('client-address', now);
    }
    const running = this.#inFlight.get(address) ?? 0;
    if (running >= this.#maxInFlight) {
      return { allowed: false, retryAfterSeconds: 1, blockedBy: 'in-flight', done: () => {} };
    }
    this.#inFlight.set(address, running + 1);
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      const left = (this.#inFlight.get(address) ?? 1) - 1;
      if (left <= 0) this.#inFlight.delete(address);
      else this.#inFlight.set(address, left);
    };
    return { allowed: true, retryAfterSeconds: 0, done };
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
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)),
      blockedBy,
      done: () => {},
    };
  }
}
