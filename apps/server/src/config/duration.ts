const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a duration such as `60s`, `500ms`, `15m` or `1h` into milliseconds. A bare number means
 * seconds.
 *
 * @example
 * ```ts
 * parseDuration('15m'); // 900000
 * ```
 */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) throw new Error(`"${text}" is not a duration (e.g. 500ms, 60s, 15m, 1h)`);
  const value = Number(match[1]) * UNITS[match[2] ?? 's']!;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`"${text}" must be a positive duration`);
  return Math.round(value);
}
