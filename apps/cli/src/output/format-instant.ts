/**
 * An instant for people and `--json`: ISO 8601 when JavaScript can represent it, else the epoch
 * seconds as the platform sent them (its spec allows any int64, beyond `Date`'s ±8.64e15 ms), so
 * an odd timestamp is shown instead of crashing the command with "Invalid time value".
 *
 * @example
 * ```ts
 * formatInstant(new Date(1_767_323_045_000), 1_767_323_045); // '2026-01-02T03:04:05.000Z'
 * formatInstant(new Date(Number.NaN), 9_223_372_036_854_775_807); // '@9223372036854775807 (epoch seconds, outside the supported date range)'
 * ```
 */
export function formatInstant(date: Date, epochSeconds: number): string {
  if (!Number.isNaN(date.getTime())) return date.toISOString();
  return `@${BigInt(Math.trunc(epochSeconds)).toString()} (epoch seconds, outside the supported date range)`;
}
