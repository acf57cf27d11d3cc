// Optimal string alignment distance: Levenshtein plus adjacent transpositions, the most common
// typing slip ("tsaks" for "tasks"), each counting as one edit.
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known name closest to what was typed, when it is close enough to be a typo (or a prefix).
 *
 * @example
 * ```ts
 * suggest('descrbe', ['describe', 'exec']); // 'describe'
 * suggest('zzz', ['describe', 'exec']); // undefined
 * ```
 */
export function suggest(typed: string, known: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance =
      name.toLowerCase().startsWith(wanted) && wanted.length >= 3
        ? 0.5
        : editDistance(wanted, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (!best) return undefined;
  // Allow roughly one typo per four characters, and always at least one.
  const allowed = Math.max(1, Math.floor(wanted.length / 4));
  return best.distance <= allowed ? best.name : undefined;
}

/**
 * `did you mean X?` for a hint, or `undefined` when nothing is close.
 *
 * @example
 * ```ts
 * didYouMean('--jsn', ['--json', '--debug']); // 'did you mean --json?'
 * ```
 */
export function didYouMean(typed: string, known: readonly string[]): string | undefined {
  const match = suggest(typed, known);
  return match === undefined ? undefined : `did you mean ${match}?`;
}
