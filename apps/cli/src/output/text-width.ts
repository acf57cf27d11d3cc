import stringWidth from 'string-width';

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

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Columns the text takes in a terminal, measured by `string-width` (East Asian Width, emoji
 * sequences and flags, combining marks, zero-width characters): colour codes take none.
 *
 * @example
 * ```ts
 * displayWidth('\u001b[31mok\u001b[39m'); // 2
 * displayWidth('日本'); // 4
 * displayWidth('👨‍👩‍👧'); // 2
 * ```
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/**
 * The text cut to at most `width` columns, ending in `…` when cut, never inside a grapheme (an
 * emoji sequence or a letter with its combining marks stays whole). Expects text without colour.
 *
 * @example
 * ```ts
 * truncateToWidth('a long name', 6); // 'a lon…'
 * ```
 */
export function truncateToWidth(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let result = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const next = stringWidth(segment);
    if (used + next > width - 1) break;
    result += segment;
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
