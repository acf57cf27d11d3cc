import { sleep } from '@conduit/transport';

/**
 * Time as the job poller sees it: `now()` in epoch milliseconds and `sleep(ms)`, which must reject
 * with `signal.reason` when the signal aborts. Inject one to drive polling from a simulated clock
 * (tests, benchmarks) instead of waiting in real time.
 *
 * @example
 * ```ts
 * const simulated: PollingClock = {
 *   now: () => sim.clock.now(),
 *   sleep: async (ms) => sim.clock.advance(ms),
 * };
 * ```
 */
export interface PollingClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The real clock: `Date.now()` and timers, looked up when called (never at import time).
 *
 * @example
 * ```ts
 * new CloudWorkspace({ workspaceId, bearerToken, clock: systemPollingClock });
 * ```
 */
export const systemPollingClock: PollingClock = {
  now: () => Date.now(),
  sleep,
};
