const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * Formats an instant the way the platform's Java server prints an `OffsetDateTime` in UTC:
 * seconds are left out when they and the fraction are zero (`2024-06-01T12:00Z`), and the
 * fraction is printed only when non-zero. Clients must parse all three shapes, so the simulator
 * produces them faithfully.
 *
 * @example
 * ```ts
 * formatOffsetDateTime(Date.UTC(2024, 5, 1, 12, 0, 0)); // '2024-06-01T12:00Z'
 * formatOffsetDateTime(Date.UTC(2024, 5, 1, 12, 0, 5)); // '2024-06-01T12:00:05Z'
 * ```
 */
export function formatOffsetDateTime(epochMs: number): string {
  const date = new Date(epochMs);
  const base = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}`;
  const seconds = date.getUTCSeconds();
  const millis = date.getUTCMilliseconds();
  if (seconds === 0 && millis === 0) return `${base}Z`;
  if (millis === 0) return `${base}:${pad(seconds)}Z`;
  return `${base}:${pad(seconds)}.${pad(millis, 3)}Z`;
}

/**
 * Formats a length of time as Java's `Duration.toString()` does (`PT5M`, `PT1H0M5S` is never
 * produced: zero units are skipped; days are shown as hours; an empty duration is `PT0S`).
 *
 * @example
 * ```ts
 * formatIsoDuration(300_000); // 'PT5M'
 * formatIsoDuration(1_500); // 'PT1.5S'
 * ```
 */
export function formatIsoDuration(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const totalSeconds = Math.floor(whole / 1000);
  const millis = whole % 1000;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours === 0 && minutes === 0 && seconds === 0 && millis === 0) return 'PT0S';
  let text = 'PT';
  if (hours > 0) text += `${hours}H`;
  if (minutes > 0) text += `${minutes}M`;
  if (seconds > 0 || millis > 0) {
    text += millis > 0 ? `${seconds}.${pad(millis, 3).replace(/0+$/, '')}S` : `${seconds}S`;
  }
  return text;
}

/**
 * Whole seconds since the epoch, the unit the platform uses for `createdAt` fields.
 *
 * @example
 * ```ts
 * epochSeconds(1_700_000_000_999); // 1700000000
 * ```
 */
export function epochSeconds(epochMs: number): number {
  return Math.floor(epochMs / 1000);
}
