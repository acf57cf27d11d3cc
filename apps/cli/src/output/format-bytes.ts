const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/**
 * A byte count for people, in binary units with one decimal from KiB on.
 *
 * @example
 * ```ts
 * formatBytes(27_232); // '26.6 KiB'
 * formatBytes(512); // '512 B'
 * ```
 */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * A duration in seconds as `m:ss`, or `h:mm:ss` from an hour on.
 *
 * @example
 * ```ts
 * formatClock(75); // '1:15'
 * formatClock(3_725); // '1:02:05'
 * ```
 */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
