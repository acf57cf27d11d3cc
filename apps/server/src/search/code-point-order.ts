/**
 * Compares two strings by Unicode code points (the order of UTF-8 bytes, which SQLite's BINARY
 * and PostgreSQL's "C" collations use), not by UTF-16 code units as `<` does.
 *
 * @example
 * ```ts
 * compareCodePoints('B', 'a'); // negative: upper case sorts first
 * compareCodePoints('\u{1F600}', '\uFFFD'); // positive, although '\u{1F600}' < '\uFFFD' in JavaScript
 * ```
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left === right) continue;
    // Only a surrogate against a unit at or above U+E000 orders differently by code point.
    const leftSurrogate = left >= 0xd800 && left <= 0xdfff;
    const rightSurrogate = right >= 0xd800 && right <= 0xdfff;
    if (leftSurrogate !== rightSurrogate) return leftSurrogate ? 1 : -1;
    return left - right;
  }
  return a.length - b.length;
}
