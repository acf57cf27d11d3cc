import { parseDuration } from '@conduit/protocol';

/**
 * Milliseconds of a positive duration setting (protocol's `parseDuration`: `500ms`, `60s`,
 * `15m`, `1h30m`, or plain seconds), or an error naming the value.
 *
 * @example
 * ```ts
 * requirePositiveDuration('1h30m'); // 5400000
 * ```
 */
export function requirePositiveDuration(text: string): number {
  const value = parseDuration(text);
  if (value === undefined) throw new Error(`"${text}" is not a duration (e.g. 500ms, 60s, 15m, 1h30m)`);
  if (value <= 0) throw new Error(`"${text}" must be a positive duration`);
  return value;
}
