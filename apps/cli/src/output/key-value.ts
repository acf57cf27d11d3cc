import type { Style } from './color';
import { displayWidth, padToWidth } from './text-width';

/**
 * `key  value` lines with the values aligned, keys dimmed when colours are on: the human format of
 * one record or one profile.
 *
 * @example
 * ```ts
 * formatKeyValues([['gid', '1'], ['name', 'Inbox']], createStyle(false));
 * // 'gid   1\nname  Inbox\n'
 * ```
 */
export function formatKeyValues(entries: readonly (readonly [string, string])[], style: Style): string {
  if (entries.length === 0) return '';
  // reduce, not a spread: a spread of a huge list into Math.max overflows the stack.
  const width = entries.reduce((widest, [key]) => Math.max(widest, displayWidth(key)), 0);
  return `${entries.map(([key, value]) => `${padToWidth(style.dim(key), width)}  ${value}`.trimEnd()).join('\n')}\n`;
}
