/**
 * A simulator's notion of time, the same for every simulator. Token lifetimes, offset expiry,
 * signed download URLs and rate windows all read it, so a test can jump an hour ahead instead of
 * sleeping.
 *
 * @example
 * ```ts
 * const sim = await startAsanaSimulator({ clock: 'manual' });
 * sim.clock.advance(3_601_000); // every OAuth access token is now expired
 * ```
 */
export interface SimulatorClock {
  /** Milliseconds since the epoch, as the simulator sees them. */
  now(): number;
  /** Moves time forward (real clocks keep ticking from the shifted point). */
  advance(ms: number): void;
  /** `real` follows the wall clock (plus any advance); `manual` only moves when told to. */
  readonly mode: 'real' | 'manual';
}

/**
 * Creates a clock. A manual clock starts at `startAt` (default: the wall clock at creation).
 *
 * @example
 * ```ts
 * const clock = createSimulatorClock('manual', Date.parse('2025-06-01T00:00:00Z'));
 * clock.advance(1000);
 * clock.now(); // 2025-06-01T00:00:01Z
 * ```
 */
export function createSimulatorClock(
  mode: 'real' | 'manual' = 'real',
  startAt: number = Date.now(),
): SimulatorClock {
  if (mode === 'manual') {
    let current = startAt;
    return {
      mode,
      now: () => current,
      advance: (ms) => {
        current += Math.max(0, ms);
      },
    };
  }
  let offset = startAt - Date.now();
  return {
    mode,
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += Math.max(0, ms);
    },
  };
}

/**
 * The clock a simulator's options ask for: a given clock as is, or a new `real`/`manual` one
 * starting at `startAt` (epoch milliseconds or an ISO date; default: now).
 *
 * @example
 * ```ts
 * const clock = simulatorClockFrom(options.clock, options.startAt);
 * ```
 */
export function simulatorClockFrom(
  clock: SimulatorClock | 'real' | 'manual' | undefined,
  startAt: number | string | undefined,
): SimulatorClock {
  if (typeof clock === 'object') return clock;
  const start = typeof startAt === 'string' ? Date.parse(startAt) : (startAt ?? Date.now());
  return createSimulatorClock(clock ?? 'real', start);
}
