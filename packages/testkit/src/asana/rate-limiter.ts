/**
 * Rate limits, per token, as Asana applies them. Windows are sliding and read the simulator
 * clock, so a test can scale them down (150 per 6 s) or step through them with a manual clock.
 *
 * @example
 * ```ts
 * const sim = await startAsanaSimulator({ rateLimit: { requests: 150, windowMs: 6_000 } });
 * ```
 */
export interface AsanaRateLimitOptions {
  /** Set false to switch every limit off. Default true. */
  enabled?: boolean;
  /** Requests per window per token; rejected requests count too. Default 1500 (paid plans). */
  requests?: number;
  /** Default 60,000 ms. */
  windowMs?: number;
  /** Task-search requests per search window per token. Default 60. */
  searchRequests?: number;
  /** Default: `windowMs`. */
  searchWindowMs?: number;
  /** In-flight GETs per token before 429. Default 50. */
  concurrentGets?: number;
  /** `Retry-After` of a concurrency rejection, seconds. Default 1. */
  concurrencyRetryAfterSeconds?: number;
}

/** Filled-in limits. */
export type ResolvedRateLimits = Required<AsanaRateLimitOptions>;

/**
 * The defaults, Asana's paid-plan numbers.
 *
 * @example
 * ```ts
 * ASANA_DEFAULT_RATE_LIMITS.requests; // 1500 per minute
 * ```
 */
export const DEFAULT_RATE_LIMITS: ResolvedRateLimits = {
  enabled: true,
  requests: 1500,
  windowMs: 60_000,
  searchRequests: 60,
  searchWindowMs: 60_000,
  concurrentGets: 50,
  concurrencyRetryAfterSeconds: 1,
};

/** Timestamps of one token's requests inside the window, oldest first. */
class SlidingWindow {
  private times: number[] = [];
  private head = 0;

  /** Records a request; returns 0 when allowed, else the seconds until a retry would be allowed. */
  hit(now: number, limit: number, windowMs: number): number {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= now - windowMs) this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    this.times.push(now);
    const inWindow = this.times.length - this.head;
    if (inWindow <= limit) return 0;
    // Rejected requests stay in the window, so the wait is until enough of the oldest entries
    // (this one included) have aged out for one more request to fit.
    const pivot = this.times[this.head + inWindow - limit] ?? now;
    return Math.max(1, Math.ceil((pivot + windowMs - now) / 1000));
  }
}

/** Outcome of {@link AsanaRateLimiter.admit}. */
export type Admission =
  | { ok: true; release: () => void }
  | { ok: false; retryAfterSeconds: number; reason: 'quota' | 'search' | 'concurrency' };

/**
 * Per-token quota, search quota and in-flight GET gate.
 *
 * @example
 * ```ts
 * const verdict = limiter.admit(token, clock.now(), { method: 'GET', search: false });
 * if (!verdict.ok) respond429(verdict.retryAfterSeconds);
 * ```
 */
export class AsanaRateLimiter {
  limits: ResolvedRateLimits;
  private readonly quota = new Map<string, SlidingWindow>();
  private readonly search = new Map<string, SlidingWindow>();
  private readonly inFlight = new Map<string, number>();

  constructor(options: AsanaRateLimitOptions = {}) {
    this.limits = AsanaRateLimiter.resolve(options);
  }

  static resolve(options: AsanaRateLimitOptions): ResolvedRateLimits {
    const windowMs = options.windowMs ?? DEFAULT_RATE_LIMITS.windowMs;
    return {
      ...DEFAULT_RATE_LIMITS,
      ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
      searchWindowMs: options.searchWindowMs ?? windowMs,
      windowMs,
    };
  }

  /** Changes limits from now on; windows keep their history. */
  configure(options: AsanaRateLimitOptions): void {
    // A new `windowMs` drags the search window along unless that one is given too.
    const searchWindowMs =
      options.searchWindowMs ?? (options.windowMs === undefined ? this.limits.searchWindowMs : undefined);
    this.limits = AsanaRateLimiter.resolve({ ...this.limits, ...options, searchWindowMs });
  }

  /** Forgets all history (windows and in-flight counts stay consistent for live requests). */
  reset(): void {
    this.quota.clear();
    this.search.clear();
  }

  /** In-flight GETs of a token right now. */
  inFlightFor(token: string): number {
    return this.inFlight.get(token) ?? 0;
  }

  admit(token: string, now: number, request: { method: string; search: boolean }): Admission {
    const limits = this.limits;
    if (!limits.enabled) return { ok: true, release: () => undefined };
    const window = this.windowFor(this.quota, token);
    const wait = window.hit(now, limits.requests, limits.windowMs);
    if (wait > 0) return { ok: false, retryAfterSeconds: wait, reason: 'quota' };
    if (request.search) {
      const searchWait = this.windowFor(this.search, token).hit(
        now,
        limits.searchRequests,
        limits.searchWindowMs,
      );
      if (searchWait > 0) return { ok: false, retryAfterSeconds: searchWait, reason: 'search' };
    }
    if (request.method !== 'GET') return { ok: true, release: () => undefined };
    const current = this.inFlight.get(token) ?? 0;
    if (current >= limits.concurrentGets) {
      return { ok: false, retryAfterSeconds: limits.concurrencyRetryAfterSeconds, reason: 'concurrency' };
    }
    this.inFlight.set(token, current + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(token) ?? 1) - 1;
        if (left <= 0) this.inFlight.delete(token);
        else this.inFlight.set(token, left);
      },
    };
  }

  private windowFor(map: Map<string, SlidingWindow>, token: string): SlidingWindow {
    let window = map.get(token);
    if (window === undefined) {
      window = new SlidingWindow();
      map.set(token, window);
    }
    return window;
  }
}
