// SGR sequences only: the CLI emits nothing else, and sanitizeForTerminal escapes any other ESC.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the ESC of colour codes is the point.
const ansiPattern = /\u001b\[[0-9;]*m/g;

/**
 * The text without colour codes.
 *
 * @example
 * ```ts
 * stripAnsi('\u001b[1mname\u001b[22m'); // 'name'
 * ```
 */
export function stripAnsi(text: string): string {
  return text.replace(ansiPattern, '');
}

function codePointWidth(codePoint: number): number {
  if (
    (codePoint >= 0x0300 && codePoint <= 0x036f) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f)
  ) {
    return 0;
  }
  if (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/**
 * Columns the text takes in a terminal: colour codes take none, CJK and emoji take two.
 *
 * @example
 * ```ts
 * displayWidth('\u001b[31mok\u001b[39m'); // 2
 * displayWidth('日本'); // 4
 * ```
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of stripAnsi(text)) width += codePointWidth(character.codePointAt(0)!);
  return width;
}

/**
 * The text cut to at most `width` columns, ending in `…` when cut. Expects text without colour.
 *
 * @example
 * ```ts
 * truncateToWidth('a long name', 6); // 'a lon…'
 * ```
 */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let result = '';
  let used = 0;
  for (const character of text) {
    const next = codePointWidth(character.codePointAt(0)!);
    if (used + next > width - 1) break;
    result += character;
    used += next;
  }
  return `${result}…`;
}

/**
 * Pads the text with spaces to `width` columns (colour codes do not count).
 *
 * @example
 * ```ts
 * padToWidth('ab', 4); // 'ab  '
 * ```
 */
export function padToWidth(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const padding = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'left' ? text + padding : padding + text;
}

/**
 * Upstream text made safe to print on a terminal: control characters (which could move the
 * cursor, rewrite the title or hide text) are shown escaped, and line breaks become spaces so a
 * value stays on its row.
 *
 * @example
 * ```ts
 * sanitizeForTerminal('a\nb\u001b[2J'); // 'a b\\u001b[2J'
 * ```
 */
export function sanitizeForTerminal(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (character) => {
    if (character === '\n' || character === '\r' || character === '\t') return ' ';
    return `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`;
  });
}
