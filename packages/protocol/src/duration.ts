const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Milliseconds of a duration: a number of seconds (`90`, `1.5`), or one or more amounts with a
 * unit among `ms`, `s`, `m`, `h`, spaces allowed between them (`500ms`, `15m`, `1h30m`,
 * `1h 30m`). `undefined` for anything else; zero is returned as it is, so each caller says
 * whether it accepts it (and words its own error: a usage error for a CLI flag, a configuration
 * error for the server).
 *
 * @example
 * ```ts
 * parseDuration('1h30m'); // 5_400_000
 * parseDuration('90');    // 90_000
 * parseDuration('soon');  // undefined
 * ```
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*/gy)];
  // Sticky matches are contiguous from the start: together they must be the whole text.
  if (parts.length === 0 || parts.reduce((length, part) => length + part[0].length, 0) !== trimmed.length) {
    return undefined;
  }
  let total = 0;
  for (const part of parts) total += Number(part[1]) * (UNITS[part[2] as string] as number);
  return Number.isFinite(total) ? Math.round(total) : undefined;
}
