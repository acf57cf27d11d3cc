/**
 * A source of time and timers. The rate limiter and the token caches take one so tests can drive
 * them with a fake clock instead of waiting.
 *
 * @example
 * ```ts
 * const limiter = createRateLimiter({ requestsPerInterval: 10, intervalMs: 1_000, clock: myFakeClock });
 * ```
 */
export interface Clock {
  /** Milliseconds since the epoch (or any monotonic origin the clock's timers agree with). */
  now(): number;
  /** Calls `callback` once after `delayMs`; returns a handle for {@link Clock.clearTimeout}. */
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The real clock: `Date.now` and the global timers, looked up when called (never at import time),
 * so fake timers installed later still apply.
 *
 * @example
 * ```ts
 * const start = systemClock.now();
 * ```
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
