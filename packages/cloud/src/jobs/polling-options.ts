import { ValidationError } from '@conduit/protocol';

/**
 * How `waitForCompletion` polls. All values are in seconds.
 *
 * The defaults poll a job 1 s after its status was last seen, then every 2 s: a status change is
 * seen at most 2 s after it happens (the original polls every 2 s, so this never reports later),
 * and a job that finishes within the first second is seen after 1 s instead of 2. What makes long
 * jobs cheap is `batch`: every job awaited at the same time through one workspace is checked by a
 * single `GET /jobs` listing per round instead of one `GET /jobs/{id}` each, so the cost per job
 * falls with the number of jobs awaited together while the 2 s bound holds for every one of them.
 * Raise `maxInterval` to trade detection delay for fewer requests.
 *
 * @example
 * ```ts
 * new CloudWorkspace({ workspaceId, bearerToken, polling: { maxInterval: 10 } });
 * ```
 */
export interface PollingOptions {
  /** Wait before the first poll after a status was seen (e.g. right after `runSync`). Default 1. */
  initialInterval?: number;
  /** The longest wait between two polls of a job: the detection bound. Default 2. */
  maxInterval?: number;
  /** Each wait is this many times the previous one, up to `maxInterval`. Default 2. */
  backoffFactor?: number;
  /** Check concurrently awaited jobs of the workspace with shared listing requests. Default true. */
  batch?: boolean;
}

/**
 * {@link PollingOptions} checked, in milliseconds.
 *
 * @example
 * ```ts
 * const resolved: ResolvedPollingOptions = resolvePollingOptions({ maxInterval: 5 });
 * ```
 */
export interface ResolvedPollingOptions {
  initialIntervalMs: number;
  maxIntervalMs: number;
  backoffFactor: number;
  batch: boolean;
}

function positive(value: number | undefined, fallback: number, field: string): number {
  const result = value ?? fallback;
  if (!Number.isFinite(result) || result <= 0) {
    throw new ValidationError(`polling.${field} must be a positive number of seconds`, {
      details: [{ field: `polling.${field}`, message: 'must be > 0', error_code: 'invalid_param' }],
    });
  }
  return result;
}

/**
 * Checks polling options and fills in the defaults.
 *
 * @example
 * ```ts
 * resolvePollingOptions({}); // { initialIntervalMs: 1000, maxIntervalMs: 2000, backoffFactor: 2, batch: true }
 * ```
 */
export function resolvePollingOptions(options: PollingOptions = {}): ResolvedPollingOptions {
  const initial = positive(options.initialInterval, 1, 'initialInterval');
  const max = positive(options.maxInterval, 2, 'maxInterval');
  const factor = positive(options.backoffFactor, 2, 'backoffFactor');
  if (initial > max || factor < 1) {
    throw new ValidationError(
      'polling.initialInterval must not exceed maxInterval, and backoffFactor must be >= 1',
      {
        details: [
          {
            field: 'polling',
            message: 'initialInterval <= maxInterval, backoffFactor >= 1',
            error_code: 'invalid_param',
          },
        ],
      },
    );
  }
  return {
    initialIntervalMs: initial * 1000,
    maxIntervalMs: max * 1000,
    backoffFactor: factor,
    batch: options.batch ?? true,
  };
}

/**
 * The wait after the `observation`-th sighting of a job's status (1 for the first):
 * `min(maxInterval, initialInterval * backoffFactor ** (observation - 1))`.
 *
 * @example
 * ```ts
 * const options = resolvePollingOptions({});
 * [1, 2, 3].map((n) => pollDelayMs(options, n)); // [1000, 2000, 2000]
 * ```
 */
export function pollDelayMs(options: ResolvedPollingOptions, observation: number): number {
  const exponent = Math.max(0, observation - 1);
  return Math.min(options.maxIntervalMs, options.initialIntervalMs * options.backoffFactor ** exponent);
}
