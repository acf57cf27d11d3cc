import { ValidationError } from '@conduit/protocol';
import { type Clock, systemClock } from '../clock';

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
  /**
   * Requests counted against the current window: those in flight, and those that finished less
   * than `intervalMs` ago.
   */
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
  /**
   * Frees the concurrency slot; the request keeps counting against the window for `intervalMs`
   * from now. Calling it again does nothing.
   */
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
 * A request counts against the window from the moment it is granted until `intervalMs` after it
 * finished (its permit was released), and a request may start only while fewer than
 * `requestsPerInterval` are counted. Counting from the start alone is not enough: the server stamps
 * a request when it reaches it, which may be later for a request sent in a burst than for one sent
 * alone, so two requests a full interval apart here can land less than an interval apart there and
 * be rejected. The server has stamped a request by the time its response is read, so counting until
 * then holds on the server's side of the wire too, at the cost of one request duration per window
 * (0.5% for a 300 ms request against a one-minute window). No window of `intervalMs` ever holds
 * more than `requestsPerInterval` starts. Waiters are served strictly first come, first served. No
 * timer exists until a caller has to wait.
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
  // When each finished request was released, oldest first; `#finishedHead` skips expired entries
  // without shifting the array. Requests in flight count as well (`#inFlight`).
  #finished: number[] = [];
  #finishedHead = 0;
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
    // Nobody queued and a permit free now: granted at once, with no waiter or abort listener to
    // set up and take down (the common case of a limiter whose limits are far off).
    if (this.#waitersHead === this.#waiters.length && this.#canStart(this.#clock.now())) {
      return Promise.resolve(this.#permit());
    }
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
   * A slot at once if one is free and nobody is waiting, else `undefined` (then `acquire`): the
   * common case costs no promise. Throws `signal.reason` if the signal has aborted.
   */
  tryAcquire(signal?: AbortSignal): RateLimitPermit | undefined {
    signal?.throwIfAborted();
    if (this.#waitersHead === this.#waiters.length && this.#canStart(this.#clock.now()))
      return this.#permit();
    return undefined;
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

  /**
   * At least how long a caller arriving now would wait for a slot, in ms, behind everyone queued:
   * the pause, or when enough counted requests leave the window. A lower bound: requests still in
   * flight and the concurrency gate can only make it longer. A caller with a deadline reads it to
   * give up at once rather than wait past the deadline.
   *
   * @example
   * ```ts
   * if (limiter.minimumWaitMs() > deadlineAt - Date.now()) throw tooBusy();
   * ```
   */
  minimumWaitMs(): number {
    const now = this.#clock.now();
    this.#pruneFinished(now);
    const paused = Math.max(0, this.#pausedUntil - now);
    const finished = this.#finished.length - this.#finishedHead;
    // The caller's start is the (queued + 1)-th from now; each beyond the window's free slots
    // needs one counted request to leave it, oldest first.
    const beyond = finished + this.#inFlight + this.#queued + 1 - this.requestsPerInterval;
    if (beyond <= 0) return paused;
    // Past the finished ones, in-flight requests must end and then spend a whole interval counted.
    const windowWait =
      beyond <= finished
        ? this.#finished[this.#finishedHead + beyond - 1]! + this.intervalMs - now
        : this.intervalMs;
    return Math.max(paused, windowWait);
  }

  /** What the limiter is doing right now. */
  get stats(): RateLimiterStats {
    const now = this.#clock.now();
    this.#pruneFinished(now);
    return {
      queued: this.#queued,
      inFlight: this.#inFlight,
      startedInWindow: this.#finished.length - this.#finishedHead + this.#inFlight,
      pausedForMs: Math.max(0, this.#pausedUntil - now),
    };
  }

  #pruneFinished(now: number): void {
    while (
      this.#finishedHead < this.#finished.length &&
      this.#finished[this.#finishedHead]! <= now - this.intervalMs
    ) {
      this.#finishedHead += 1;
    }
    if (this.#finishedHead > 1024 && this.#finishedHead * 2 > this.#finished.length) {
      this.#finished = this.#finished.slice(this.#finishedHead);
      this.#finishedHead = 0;
    }
  }

  #drain(): void {
    const now = this.#clock.now();
    while (this.#waitersHead < this.#waiters.length) {
      const waiter = this.#waiters[this.#waitersHead]!;
      if (waiter.settled) {
        this.#waitersHead += 1;
        continue;
      }
      // Strict FIFO: when the head cannot go, nobody behind it may overtake it.
      if (!this.#canStart(now)) {
        if (this.#inFlight >= this.maxConcurrent) break; // a release() will drain again
        if (now < this.#pausedUntil) {
          this.#wakeAt(this.#pausedUntil);
          break;
        }
        // Otherwise every counted request is still in flight, and its release() drains again.
        if (this.#finished.length > this.#finishedHead) {
          this.#wakeAt(this.#finished[this.#finishedHead]! + this.intervalMs);
        }
        break;
      }
      this.#waitersHead += 1;
      this.#grant(waiter);
    }
    if (this.#waitersHead === this.#waiters.length) {
      if (this.#waitersHead > 0) this.#waiters = [];
      this.#waitersHead = 0;
    } else if (this.#waitersHead > 1024 && this.#waitersHead * 2 > this.#waiters.length) {
      this.#waiters = this.#waiters.slice(this.#waitersHead);
      this.#waitersHead = 0;
    }
    if (this.#queued === 0) this.#cancelTimer();
  }

  /** Whether a request may start at `now`: not paused, under the concurrency and the window's rate. */
  #canStart(now: number): boolean {
    if (this.#inFlight >= this.maxConcurrent || now < this.#pausedUntil) return false;
    this.#pruneFinished(now);
    return this.#finished.length - this.#finishedHead + this.#inFlight < this.requestsPerInterval;
  }

  #grant(waiter: Waiter): void {
    waiter.settled = true;
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
    this.#queued -= 1;
    waiter.resolve(this.#permit());
  }

  /** Counts a request in flight; its permit's `release()` counts it as finished, once. */
  #permit(): RateLimitPermit {
    this.#inFlight += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight -= 1;
        this.#finished.push(this.#clock.now());
        this.#drain();
      },
    };
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
