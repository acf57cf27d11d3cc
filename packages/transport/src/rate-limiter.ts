import { ValidationError } from '@conduit/protocol';
import { type Clock, systemClock } from './clock';

/**
 * A request budget: at most `requestsPerInterval` starts in any window of `intervalMs`, and at most
 * `maxConcurrent` requests in flight at once.
 *
 * @example
 * ```ts
 * // Asana: 1,500 requests a minute and 50 concurrent requests per token.
 * const options: RateLimiterOptions = { requestsPerInterval: 1500, intervalMs: 60_000, maxConcurrent: 50 };
 * ```
 */
export interface RateLimiterOptions {
  requestsPerInterval: number;
  intervalMs: number;
  /** Default: no concurrency limit. */
  maxConcurrent?: number;
  /** Time source; inject a fake one in tests. */
  clock?: Clock;
}

/**
 * A snapshot of a limiter's state, for logs and metrics.
 *
 * @example
 * ```ts
 * const { queued, inFlight } = limiter.stats;
 * ```
 */
export interface RateLimiterStats {
  /** Callers waiting for a slot. */
  queued: number;
  /** Granted and not yet released. */
  inFlight: number;
  /** Requests started in the current window. */
  startedInWindow: number;
  /** How much longer a `pauseFor` holds every caller, in ms (0 when not paused). */
  pausedForMs: number;
}

/**
 * A granted slot. Release it when the request (including its body) is done.
 *
 * @example
 * ```ts
 * const permit = await limiter.acquire(signal);
 * try {
 *   await send();
 * } finally {
 *   permit.release();
 * }
 * ```
 */
export interface RateLimitPermit {
  /** Frees the concurrency slot. Calling it again does nothing. */
  release(): void;
}

interface Waiter {
  resolve: (permit: RateLimitPermit) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  settled: boolean;
}

/**
 * A sliding-window rate limiter with a concurrency gate, shared by every transport it is given to
 * (one budget per connection or token).
 *
 * The window is exact: the start times of the last `requestsPerInterval` requests are kept, and a
 * request may start only when fewer than that many started in the past `intervalMs`, so no window
 * of that length ever holds more. Waiters are served strictly first come, first served. No timer
 * exists until a caller has to wait.
 *
 * @example
 * ```ts
 * const limiter = new RateLimiter({ requestsPerInterval: 1500, intervalMs: 60_000, maxConcurrent: 50 });
 * const asana = createTransport({ baseUrl: 'https://app.asana.com/api/1.0', limiter });
 * const slot = await limiter.acquire(signal);
 * try { await work(); } finally { slot.release(); }
 * ```
 */
export class RateLimiter {
  readonly requestsPerInterval: number;
  readonly intervalMs: number;
  readonly maxConcurrent: number;
  readonly #clock: Clock;
  // Start times, oldest first; `#startsHead` skips expired entries without shifting the array.
  #starts: number[] = [];
  #startsHead = 0;
  #waiters: Waiter[] = [];
  #waitersHead = 0;
  #queued = 0;
  #inFlight = 0;
  #pausedUntil = 0;
  #timer: unknown;
  #timerAt = Number.POSITIVE_INFINITY;

  constructor(options: RateLimiterOptions) {
    const details = [];
    if (!Number.isInteger(options.requestsPerInterval) || options.requestsPerInterval < 1) {
      details.push({ field: 'requestsPerInterval', message: 'must be a positive integer' });
    }
    if (!Number.isFinite(options.intervalMs) || options.intervalMs <= 0) {
      details.push({ field: 'intervalMs', message: 'must be a positive number' });
    }
    const maxConcurrent = options.maxConcurrent ?? Number.POSITIVE_INFINITY;
    if (
      !(maxConcurrent === Number.POSITIVE_INFINITY || (Number.isInteger(maxConcurrent) && maxConcurrent >= 1))
    ) {
      details.push({ field: 'maxConcurrent', message: 'must be a positive integer' });
    }
    if (details.length > 0) {
      throw new ValidationError(
        `Invalid rate limiter options: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
        {
          details: details.map((d) => ({ ...d, error_code: 'invalid_param' })),
        },
      );
    }
    this.requestsPerInterval = options.requestsPerInterval;
    this.intervalMs = options.intervalMs;
    this.maxConcurrent = maxConcurrent;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * Waits for a slot, in arrival order. Rejects with `signal.reason` if the signal aborts first
   * (the caller leaves the queue and takes nothing from the budget).
   */
  acquire(signal?: AbortSignal): Promise<RateLimitPermit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<RateLimitPermit>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined, settled: false };
      if (signal) {
        waiter.onAbort = () => {
          if (waiter.settled) return;
          waiter.settled = true;
          this.#queued -= 1;
          reject(signal.reason);
          // The aborted waiter may have been the head that everyone else queued behind.
          this.#drain();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.#waiters.push(waiter);
      this.#queued += 1;
      this.#drain();
    });
  }

  /**
   * Runs `task` inside a slot and releases it however the task ends.
   *
   * @example
   * ```ts
   * const result = await limiter.run(() => fetchSomething(), signal);
   * ```
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const permit = await this.acquire(signal);
    try {
      return await task();
    } finally {
      permit.release();
    }
  }

  /**
   * Holds every caller (queued or arriving) for `ms`, e.g. after a 429 with `Retry-After`, so the
   * whole connection backs off rather than each request discovering the limit for itself. A
   * shorter pause never cuts a longer one short.
   */
  pauseFor(ms: number): void {
    if (!Number.isFinite(ms) || ms <= 0) return;
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#clock.now() + ms);
    this.#drain();
  }

  /** What the limiter is doing right now. */
  get stats(): RateLimiterStats {
    const now = this.#clock.now();
    this.#pruneStarts(now);
    return {
      queued: this.#queued,
      inFlight: this.#inFlight,
      startedInWindow: this.#starts.length - this.#startsHead,
      pausedForMs: Math.max(0, this.#pausedUntil - now),
    };
  }

  #pruneStarts(now: number): void {
    while (
      this.#startsHead < this.#starts.length &&
      this.#starts[this.#startsHead]! <= now - this.intervalMs
    ) {
      this.#startsHead += 1;
    }
    if (this.#startsHead > 1024 && this.#startsHead * 2 > this.#starts.length) {
      this.#starts = this.#starts.slice(this.#startsHead);
      this.#startsHead = 0;
    }
  }

  #drain(): void {
    const now = this.#clock.now();
    this.#pruneStarts(now);
    while (this.#waitersHead < this.#waiters.length) {
      const waiter = this.#waiters[this.#waitersHead]!;
      if (waiter.settled) {
        this.#waitersHead += 1;
        continue;
      }
      // Strict FIFO: when the head cannot go, nobody behind it may overtake it.
      if (this.#inFlight >= this.maxConcurrent) break; // a release() will drain again
      if (now < this.#pausedUntil) {
        this.#wakeAt(this.#pausedUntil);
        break;
      }
      if (this.#starts.length - this.#startsHead >= this.requestsPerInterval) {
        this.#wakeAt(this.#starts[this.#startsHead]! + this.intervalMs);
        break;
      }
      this.#waitersHead += 1;
      this.#grant(waiter, now);
    }
    if (this.#waitersHead === this.#waiters.length) {
      this.#waiters = [];
      this.#waitersHead = 0;
    } else if (this.#waitersHead > 1024 && this.#waitersHead * 2 > this.#waiters.length) {
      this.#waiters = this.#waiters.slice(this.#waitersHead);
      this.#waitersHead = 0;
    }
    if (this.#queued === 0) this.#cancelTimer();
  }

  #grant(waiter: Waiter, now: number): void {
    waiter.settled = true;
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
    this.#queued -= 1;
    this.#inFlight += 1;
    this.#starts.push(now);
    let released = false;
    waiter.resolve({
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight -= 1;
        this.#drain();
      },
    });
  }

  #wakeAt(at: number): void {
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    this.#cancelTimer();
    this.#timerAt = at;
    this.#timer = this.#clock.setTimeout(
      () => {
        this.#timer = undefined;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#drain();
      },
      Math.max(0, at - this.#clock.now()),
    );
  }

  #cancelTimer(): void {
    if (this.#timer === undefined) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }
}

/**
 * Creates a {@link RateLimiter}. Share the instance between transports to share the budget.
 *
 * @example
 * ```ts
 * const perToken = createRateLimiter({ requestsPerInterval: 1500, intervalMs: 60_000, maxConcurrent: 50 });
 * ```
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  return new RateLimiter(options);
}
