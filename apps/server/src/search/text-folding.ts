// Only the combining diacritical marks block is dropped: PostgreSQL's SQL functions of the search
// schema strip exactly this range too, so text folded on either side compares equal.
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Folds text for word matching: canonical decomposition, combining diacritics removed, lower case.
 * `keyword` and `fuzzy` compare folded words, so they are case- and accent-insensitive.
 *
 * @example
 * ```ts
 * foldText('Crème BRÛLÉE'); // 'creme brulee'
 * ```
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_DIACRITICS, '').toLowerCase();
}

/**
 * The words of a text, folded, in order: maximal runs of letters and digits.
 *
 * @example
 * ```ts
 * wordsOf('Re-launch the café (v2)'); // ['re', 'launch', 'the', 'cafe', 'v2']
 * ```
 */
export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/**
 * The distinct words of a text, folded, in order of first appearance.
 *
 * @example
 * ```ts
 * distinctWordsOf('to be or not to be'); // ['to', 'be', 'or', 'not']
 * ```
 */
export function distinctWordsOf(text: string): string[] {
  return [...new Set(wordsOf(text))];
}

/**
 * The length of a word in characters (Unicode code points), as the fuzzy rule counts letters.
 *
 * @example
 * ```ts
 * letterCount('crème'); // 5
 * ```
 */
export function letterCount(word: string): number {
  let count = 0;
  for (const _ of word) count += 1;
  return count;
}
