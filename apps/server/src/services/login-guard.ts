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
  /** Failures of one application's client id from one address. Default 10. */
  readonly perClientAddress?: number;
  /** Failures of unknown client ids from one address, all of them together. Default 100. */
  readonly perAddress?: number;
  /** Window length. Default 5 minutes. */
  readonly windowMs?: number;
  /** Buckets kept at most; the oldest are dropped past it. Default 100,000. */
  readonly maxBuckets?: number;
  /**
   * Secret checks running at once for one application from one address (and for all unknown
   * client ids from one address). Default 1: the slow hash runs on Node.js's small thread pool,
   * and a flood must not hold all of it while others wait.
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
  /**
   * Which bucket blocked: this application from this address, the unknown client ids of this
   * address, or the checks in flight.
   */
  readonly blockedBy?: 'client-address' | 'address' | 'in-flight';
  /** Ends the attempt's slot among the checks in flight; call it once, when allowed. */
  readonly done: () => void;
}

interface Bucket {
  windowStart: number;
  failures: number;
}

/**
 * Counts failed logins of the token endpoint apart from the applications' API budgets, in fixed
 * windows, per application and source address: a known client id fills its own bucket for the
 * address, unknown client ids share one bucket per address. So guessing a secret locks that one
 * application out from that one address, and anonymous garbage (unknown ids) locks out only more
 * garbage, never a real application, even when every client shares the address of a reverse
 * proxy the server was not told to trust (`CONDUIT_TRUSTED_PROXIES`, issue 28). An attempt is
 * refused before the slow secret check when its bucket is full, so a flood costs no hashing; an
 * application's tokens keep their API budget. One slow check at a time per bucket (more are
 * refused at once), so a flood cannot hold the hashing thread pool. Per process: with several
 * server processes an attacker gets the limits once per process.
 *
 * @example
 * ```ts
 * const verdict = guard.check(clientId, address, known);
 * if (!verdict.allowed) throw tooManyLogins(verdict.retryAfterSeconds);
 * try {
 *   if (!(await verify())) guard.fail(clientId, address, known);
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

  /** The bucket of an attempt: the application's for this address, or the address's unknown ids'. */
  #bucketOf(clientId: string, address: string, known: boolean): string {
    return known ? `c:${address}\u0000${clientId}` : `a:${address}`;
  }

  /**
   * Whether an attempt of `clientId` (`known`: an application has it) from `address` may run its
   * secret check now; when allowed, it holds one of its bucket's in-flight slots until `done()`.
   */
  check(clientId: string, address: string, known: boolean): LoginVerdict {
    const now = this.#clock.now();
    const bucket = this.#bucketOf(clientId, address, known);
    const limit = known ? this.#perClientAddress : this.#perAddress;
    if (this.#failures(bucket, now) >= limit) return this.#blocked(known ? 'client-address' : 'address', now);
    const running = this.#inFlight.get(bucket) ?? 0;
    if (running >= this.#maxInFlight) {
      return { allowed: false, retryAfterSeconds: 1, blockedBy: 'in-flight', done: () => {} };
    }
    this.#inFlight.set(bucket, running + 1);
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      const left = (this.#inFlight.get(bucket) ?? 1) - 1;
      if (left <= 0) this.#inFlight.delete(bucket);
      else this.#inFlight.set(bucket, left);
    };
    return { allowed: true, retryAfterSeconds: 0, done };
  }

  /** Records a failed attempt (wrong secret, or an unknown client id when not `known`). */
  fail(clientId: string, address: string, known: boolean): void {
    this.#add(this.#bucketOf(clientId, address, known), this.#clock.now());
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
