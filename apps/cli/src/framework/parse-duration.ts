import { UsageError } from './usage-error';

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration flag in milliseconds: `90` (seconds), `90s`, `1500ms`, `10m`, `1h`, or a sum such
 * as `1m30s`. Anything else, or zero, is a usage error naming the flag.
 *
 * @example
 * ```ts
 * parseDuration('1m30s', '--timeout'); // 90000
 * ```
 */
export function parseDuration(text: string, flag: string): number {
  const trimmed = text.trim();
  let total = 0;
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    total = Number(trimmed) * 1000;
  } else {
    const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
    if (parts.length === 0 || parts.map((part) => part[0]).join('') !== trimmed) {
      throw new UsageError(`${flag} needs a duration such as 90s, 10m or 1h, got "${text}"`, {
        code: 'invalid_flag',
      });
    }
    for (const part of parts) total += Number(part[1]) * UNITS[part[2]!]!;
  }
  if (!Number.isFinite(total) || total <= 0) {
    throw new UsageError(`${flag} needs a duration greater than zero, got "${text}"`, {
      code: 'invalid_flag',
    });
  }
  return Math.round(total);
}
