/**
 * How many edits a fuzzy query word tolerates: none below 4 letters, 1 for 4–7, 2 from 8 on
 * (contract §4).
 *
 * @example
 * ```ts
 * fuzzyTolerance(3); // 0
 * fuzzyTolerance(6); // 1
 * fuzzyTolerance(9); // 2
 * ```
 */
export function fuzzyTolerance(letters: number): number {
  if (letters < 4) return 0;
  return letters < 8 ? 1 : 2;
}

/**
 * The Levenshtein distance (insertions, deletions, substitutions of code points) between two
 * words when it is at most `max`, else `max + 1`. Only a band of width `2·max + 1` around the
 * diagonal is computed, so checking a vocabulary costs O(length · max) per word.
 *
 * @example
 * ```ts
 * boundedEditDistance('launch', 'lunch', 2); // 1
 * boundedEditDistance('launch', 'brunch', 1); // 2 (more than 1)
 * ```
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const left = [...a];
  const right = [...b];
  if (Math.abs(left.length - right.length) > max) return max + 1;
  if (max === 0) return a === b ? 0 : 1;
  const beyond = max + 1;
  let previous = new Array<number>(right.length + 1);
  let current = new Array<number>(right.length + 1);
  for (let j = 0; j <= right.length; j += 1) previous[j] = j <= max ? j : beyond;
  for (let i = 1; i <= left.length; i += 1) {
    const from = Math.max(1, i - max);
    const to = Math.min(right.length, i + max);
    current.fill(beyond);
    current[0] = i <= max ? i : beyond;
    let best = current[0]!;
    for (let j = from; j <= to; j += 1) {
      const substitution = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      const value = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1, beyond);
      current[j] = value;
      if (value < best) best = value;
    }
    // Every later row only grows from this one's minimum.
    if (best > max) return beyond;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[right.length]!, beyond);
}

/**
 * How alike a query word and a matched word are: 1 for the same word, less by the share of
 * letters edited (`1 − distance / longer length`).
 *
 * @example
 * ```ts
 * wordSimilarity(1, 6, 5); // 0.8333…
 * ```
 */
export function wordSimilarity(distance: number, queryLetters: number, wordLetters: number): number {
  return 1 - distance / Math.max(queryLetters, wordLetters);
}
