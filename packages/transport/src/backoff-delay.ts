import type { ResolvedRetryOptions } from './retry-options';

/**
 * The wait before retry number `retry` (0 for the first retry): exponential backoff with full
 * jitter, `random(0, min(maxDelayMs, initialDelayMs * 2 ** retry))`. Full jitter spreads clients
 * that failed together, so they do not come back together.
 *
 * @example
 * ```ts
 * backoffDelay(2, { ...DEFAULT_RETRY_OPTIONS, random: () => 0.5 }); // 600
 * ```
 */
export function backoffDelay(
  retry: number,
  options: Pick<ResolvedRetryOptions, 'initialDelayMs' | 'maxDelayMs' | 'random'>,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** retry);
  return Math.floor(options.random() * ceiling);
}
