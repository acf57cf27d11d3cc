import { parseDuration } from '@conduit/protocol';
import { UsageError } from './usage-error';

/**
 * Milliseconds of a duration flag (protocol's `parseDuration`: `90`, `90s`, `10m`, `1h30m`), or
 * a usage error naming the flag.
 *
 * @example
 * ```ts
 * parseDurationFlag('1m30s', '--timeout'); // 90000
 * ```
 */
export function parseDurationFlag(text: string, flag: string): number {
  const total = parseDuration(text);
  if (total === undefined) {
    throw new UsageError(`${flag} needs a duration such as 90s, 10m or 1h, got "${text}"`, {
      code: 'invalid_flag',
    });
  }
  if (total <= 0) {
    throw new UsageError(`${flag} needs a duration greater than zero, got "${text}"`, {
      code: 'invalid_flag',
    });
  }
  return total;
}
