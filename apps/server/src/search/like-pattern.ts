/**
 * The pattern a `like` value compares with, lower-cased: `%` and `_` are wildcards, and a value
 * without `%` matches as a substring, so it is wrapped in `%…%`.
 *
 * @example
 * ```ts
 * likePatternOf('Launch'); // '%launch%'
 * likePatternOf('Q_ %'); // 'q_ %'
 * ```
 */
export function likePatternOf(value: string): string {
  const lowered = value.toLowerCase();
  return lowered.includes('%') ? lowered : `%${lowered}%`;
}

// The syntax characters: the only ones a `u`-mode pattern may (and must) escape.
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/;

/**
 * Compiles a lower-cased `like` pattern (see {@link likePatternOf}) to a regular expression over
 * lower-cased text: `%` any run of characters (line breaks too), `_` exactly one code point.
 *
 * @example
 * ```ts
 * likeRegExp('%la_nch%').test('relaunch'); // true
 * ```
 */
export function likeRegExp(pattern: string): RegExp {
  let source = '';
  for (const char of pattern) {
    if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += REGEX_SPECIAL.test(char) ? `\\${char}` : char;
  }
  return new RegExp(`^${source}$`, 'u');
}
