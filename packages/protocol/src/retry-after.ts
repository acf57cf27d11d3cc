/**
 * The wait a `Retry-After` header asks for, in milliseconds: from delay-seconds (`120`) or an
 * HTTP date (never negative). `undefined` when the header is absent or unreadable.
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
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds * 1000) ? seconds * 1000 : undefined;
  }
  // Only dates spelled like HTTP dates: Date.parse would also accept a bare "1.5" as a year.
  if (!/^[A-Za-z]{3},? /.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
