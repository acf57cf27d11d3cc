/**
 * Reads a `Retry-After` header: delay-seconds (`120`) or an HTTP-date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`), as milliseconds from `now`. A date in the past gives 0;
 * anything unreadable gives `undefined`.
 *
 * @example
 * ```ts
 * parseRetryAfter('30', Date.now()); // 30000
 * parseRetryAfter(new Date(Date.now() + 5_000).toUTCString(), Date.now()); // about 5000
 * ```
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  // The RFC says whole seconds; some servers send fractions, which are just as clear.
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  // Date.parse accepts almost anything ('-5' is a year); every HTTP-date form has a day name and a time.
  if (!/[a-z]/i.test(trimmed) || !/\d{1,2}:\d{2}:\d{2}/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
