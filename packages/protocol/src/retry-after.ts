/**
 * The wait a `Retry-After` header asks for, in milliseconds: from delay-seconds (`120`, or a
 * fraction such as `1.5`, rounded up) or an HTTP date (never negative). `undefined` when the
 * header is absent or unreadable. The one Retry-After parser of Conduit (the transport's
 * deprecated `parseRetryAfter` is this function under its old name).
 *
 * @example
 * ```ts
 * parseRetryAfterMs('2'); // 2000
 * parseRetryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:30 GMT')); // 30000
 * ```
 */
export function parseRetryAfterMs(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // The RFC says whole seconds; some servers send fractions, which are just as clear.
  if (/^\d+(\.\d+)?$/.test(text)) {
    const ms = Math.ceil(Number(text) * 1000);
    return Number.isSafeInteger(ms) ? ms : undefined;
  }
  // Date.parse accepts almost anything ('-5' and '1.5' are years): only dates spelled like HTTP
  // dates, with a day name and a time.
  if (!/^[A-Za-z]{3},? /.test(text) || !/\d{1,2}:\d{2}:\d{2}/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
