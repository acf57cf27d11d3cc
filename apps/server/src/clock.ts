import { type Clock as TransportClock, systemClock as transportSystemClock } from '@conduit/transport';

/**
 * The source of "now", injected so tests can move time (token expiry, rate-limit windows) without
 * waiting: the transport's one `Clock`, of which the server needs only `now()`.
 *
 * @example
 * ```ts
 * let now = Date.parse('2025-01-01T00:00:00Z');
 * const clock: Clock = { now: () => now };
 * now += 901_000; // application tokens have expired
 * ```
 */
export type Clock = Pick<TransportClock, 'now'>;

/**
 * The real clock (the transport's).
 *
 * @example
 * ```ts
 * createApp({ store, config, logger, clock: systemClock });
 * ```
 */
export const systemClock: Clock = transportSystemClock;
