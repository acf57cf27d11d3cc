import { ValidationError } from '@conduit/protocol';

/**
 * The simulator's notion of time. Job progress, token expiry and every timestamp in a response
 * come from it, so a test can move a sync from `pending` to `succeeded` without waiting.
 *
 * @example
 * ```ts
 * const sim = await startCloudSimulator();
 * sim.clock.advance(60_000); // one simulated minute later
 * ```
 */
export interface CloudSimulatorClock {
  /** Milliseconds since the Unix epoch, in simulated time. */
  now(): number;
  /** Moves time forward; negative steps are refused because jobs never run backwards. */
  advance(ms: number): void;
  /** Jumps to an absolute instant that is not before the current one. */
  set(epochMs: number): void;
}

/**
 * Creates a clock that starts at `startMs` and only moves when told to.
 *
 * @example
 * ```ts
 * const clock = createCloudSimulatorClock(Date.UTC(2026, 0, 2, 3, 4, 5));
 * clock.advance(1_000);
 * clock.now(); // 1767323046000
 * ```
 */
export function createCloudSimulatorClock(startMs: number): CloudSimulatorClock {
  let current = startMs;
  const check = (value: number, field: string): void => {
    if (!Number.isFinite(value)) {
      throw new ValidationError(`${field} must be a finite number of milliseconds`, {
        details: [{ field, message: 'not a finite number', error_code: 'invalid_param' }],
      });
    }
  };
  check(startMs, 'startMs');
  return {
    now: () => current,
    advance: (ms) => {
      check(ms, 'ms');
      if (ms < 0) {
        throw new ValidationError('The simulated clock cannot go backwards', {
          details: [{ field: 'ms', message: 'must be >= 0', error_code: 'invalid_param' }],
        });
      }
      current += ms;
    },
    set: (epochMs) => {
      check(epochMs, 'epochMs');
      if (epochMs < current) {
        throw new ValidationError('The simulated clock cannot go backwards', {
          details: [{ field: 'epochMs', message: 'is before now()', error_code: 'invalid_param' }],
        });
      }
      current = epochMs;
    },
  };
}
