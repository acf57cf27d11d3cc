/** The current second's timestamp up to its milliseconds, e.g. `2026-02-03T04:05:06.`. */
let cachedSecond = Number.NaN;
let cachedPrefix = '';

/**
 * `new Date(ms).toISOString()`, with the part up to the second worked out once a second: every log
 * line carries a timestamp, and lines come many to the second.
 *
 * @example
 * ```ts
 * isoTimestamp(Date.parse('2026-02-03T04:05:06.007Z')); // '2026-02-03T04:05:06.007Z'
 * ```
 */
export function isoTimestamp(ms: number): string {
  // `Date` drops fractions toward zero; invalid times are left to it (it throws a RangeError).
  const time = Math.trunc(ms);
  if (!Number.isFinite(time) || Math.abs(time) > 8.64e15) return new Date(ms).toISOString();
  const second = Math.floor(time / 1000);
  if (second !== cachedSecond) {
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, -4);
    cachedSecond = second;
  }
  const millis = time - second * 1000;
  return `${cachedPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}
