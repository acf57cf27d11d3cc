import { ConfigError } from '../config/config-error';
import { requirePositiveDuration } from '../config/duration';
import type { Environment } from '../config/environment';

/** How syncs are scheduled and run. */
export interface SyncConfig {
  /** `CONDUIT_SYNC_INTERVAL` (default 15 min): a connector syncs again this long after its last run ended. */
  readonly intervalMs: number;
  /** `CONDUIT_SYNC_FULL_INTERVAL` (default 24 h): a run is full (and sweeps deletions) when the last full one is older. */
  readonly fullIntervalMs: number;
  /** `CONDUIT_SYNC_LEASE` (default 60 s): how long a run stays with a process that stopped renewing it. */
  readonly leaseMs: number;
  /** How often a process looks for runs to take. Default 2 s. */
  readonly pollMs: number;
  /** `CONDUIT_SYNC_CONCURRENCY` (default 8): listings of one run in flight at once. */
  readonly concurrency: number;
  /** Runs one process executes at once. Default 2. */
  readonly maxRuns: number;
  /** Records per upstream page (the upstream's maximum is 100). */
  readonly pageSize: number;
  /** Subtracted from the last run's start for `modified_since`, against clock skew. Default 60 s. */
  readonly modifiedSinceSkewMs: number;
  /**
   * `CONDUIT_SYNC_WATCH_INTERVAL` (default 5 s; `off` for none): how often the upstream's change
   * stream is read between runs, for connectors whose kind has one. A stream read per workspace costs
   * 12 requests a minute at the default, under 1% of a typical upstream budget of 1,500.
   */
  readonly watchMs: number;
  /**
   * `CONDUIT_SYNC_WATCH_SHARE` (default 0.1): the share of a connector's upstream quota that
   * watching may spend while nothing changes. A change stream of one subscription per resource (the
   * connector's `readAgainInMs` pacing) paces its rounds to it: with N resources a round costs N
   * requests.
   */
  readonly watchShare: number;
}

/**
 * The defaults of {@link SyncConfig}.
 *
 * @example
 * ```ts
 * const config: SyncConfig = { ...DEFAULT_SYNC_CONFIG, pollMs: 50 };
 * ```
 */
export const DEFAULT_SYNC_CONFIG: SyncConfig = {
  intervalMs: 15 * 60_000,
  fullIntervalMs: 24 * 3_600_000,
  leaseMs: 60_000,
  pollMs: 2_000,
  concurrency: 8,
  maxRuns: 2,
  pageSize: 100,
  modifiedSinceSkewMs: 60_000,
  watchMs: 5_000,
  watchShare: 0.1,
};

function duration(env: Environment, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  try {
    return requirePositiveDuration(text);
  } catch (error) {
    throw new ConfigError(`${name}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Reads the sync settings from the environment, over the defaults.
 *
 * @throws ConfigError naming the variable with a bad value
 * @example
 * ```ts
 * loadSyncConfig({ CONDUIT_SYNC_INTERVAL: '5m' }).intervalMs; // 300000
 * ```
 */
export function loadSyncConfig(env: Environment): SyncConfig {
  const concurrencyText = env.CONDUIT_SYNC_CONCURRENCY?.trim();
  let concurrency = DEFAULT_SYNC_CONFIG.concurrency;
  if (concurrencyText !== undefined && concurrencyText !== '') {
    concurrency = Number(concurrencyText);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 50) {
      throw new ConfigError('CONDUIT_SYNC_CONCURRENCY must be an integer from 1 to 50');
    }
  }
  const shareText = env.CONDUIT_SYNC_WATCH_SHARE?.trim();
  let watchShare = DEFAULT_SYNC_CONFIG.watchShare;
  if (shareText !== undefined && shareText !== '') {
    watchShare = Number(shareText.endsWith('%') ? shareText.slice(0, -1) : shareText);
    if (shareText.endsWith('%')) watchShare /= 100;
    if (!Number.isFinite(watchShare) || watchShare <= 0 || watchShare > 1) {
      throw new ConfigError(
        'CONDUIT_SYNC_WATCH_SHARE must be a share of the quota above 0 and at most 1 (0.1 or 10%)',
      );
    }
  }
  return {
    ...DEFAULT_SYNC_CONFIG,
    watchShare,
    intervalMs: duration(env, 'CONDUIT_SYNC_INTERVAL', DEFAULT_SYNC_CONFIG.intervalMs),
    fullIntervalMs: duration(env, 'CONDUIT_SYNC_FULL_INTERVAL', DEFAULT_SYNC_CONFIG.fullIntervalMs),
    leaseMs: duration(env, 'CONDUIT_SYNC_LEASE', DEFAULT_SYNC_CONFIG.leaseMs),
    concurrency,
    watchMs:
      env.CONDUIT_SYNC_WATCH_INTERVAL?.trim() === 'off'
        ? 0
        : duration(env, 'CONDUIT_SYNC_WATCH_INTERVAL', DEFAULT_SYNC_CONFIG.watchMs),
  };
}
