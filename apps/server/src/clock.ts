/**
 * The source of "now", injected so tests can move time (token expiry, rate-limit windows) without
 * waiting.
 *
 * @example
 * ```ts
 * let now = Date.parse('2025-01-01T00:00:00Z');
 * const clock: Clock = { now: () => now };
 * now += 901_000; // application tokens have expired
 * ```
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/**
 * The real clock.
 *
 * @example
 * ```ts
 * createApp({ store, config, logger, clock: systemClock });
 * ```
 */
export const systemClock: Clock = { now: () => Date.now() };
