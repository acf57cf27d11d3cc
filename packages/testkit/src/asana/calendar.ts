const DAY_MS = 86_400_000;

/** Milliseconds in a day. */
export const ONE_DAY_MS = DAY_MS;

/**
 * Day number (days since 1970-01-01, UTC) of an epoch-millisecond instant.
 *
 * @example
 * ```ts
 * dayNumberOf(Date.parse('1970-01-02T12:00:00Z')); // 1
 * ```
 */
export function dayNumberOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/**
 * `YYYY-MM-DD` of a day number.
 *
 * @example
 * ```ts
 * formatDayNumber(1); // '1970-01-02'
 * ```
 */
export function formatDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Day number of a `YYYY-MM-DD` string, or undefined when it is not a real calendar date.
 *
 * @example
 * ```ts
 * parseDay('2025-02-30'); // undefined
 * ```
 */
export function parseDay(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return undefined;
  return dayNumberOf(ms);
}

/**
 * Epoch milliseconds of an ISO 8601 date-time (or a plain date, read as midnight UTC), or
 * undefined. Strict enough to reject garbage, loose enough for what clients actually send.
 *
 * @example
 * ```ts
 * parseDateTime('2025-06-01T10:00:00Z'); // 1748772000000
 * ```
 */
export function parseDateTime(text: string): number | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = parseDay(text);
    return day === undefined ? undefined : day * DAY_MS;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(text))
    return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * ISO 8601 with milliseconds and `Z`, the way the API prints every timestamp.
 *
 * @example
 * ```ts
 * isoTime(0); // '1970-01-01T00:00:00.000Z'
 * ```
 */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
