/**
 * BM25's term-frequency saturation.
 *
 * @example
 * ```ts
 * const saturated = (tf: number) => (tf * (BM25_K1 + 1)) / (tf + BM25_K1);
 * ```
 */
export const BM25_K1 = 1.2;

/**
 * BM25's document-length normalisation.
 *
 * @example
 * ```ts
 * const norm = (length: number, average: number) => 1 - BM25_B + (BM25_B * length) / average;
 * ```
 */
export const BM25_B = 0.75;

/**
 * The constants of one BM25-ranked field, computed once per query so every store evaluates the
 * same arithmetic: a term `t` with frequency `tf` in a document of `dl` words scores
 * `weights[t] * tf / (tf + k + lengthFactor * dl)`, and a document's score is the sum over the
 * query's terms, in order.
 */
export interface Bm25Constants {
  /** Per query term: `idf · (k1 + 1)`. */
  readonly weights: readonly number[];
  /** `k1 · (1 − b)`. */
  readonly k: number;
  /** `k1 · b / average document length`. */
  readonly lengthFactor: number;
}

/**
 * BM25 constants from the collection's statistics: `documents` records, `totalLength` words in
 * the field over all of them, and each query term's document frequency. The inverse document
 * frequency is `ln(1 + (N − df + 0.5) / (df + 0.5))`, never negative.
 *
 * @example
 * ```ts
 * const { weights, k, lengthFactor } = bm25Constants(1000, 5000, [12, 300]);
 * const score = weights[0]! * 2 / (2 + k + lengthFactor * 7);
 * ```
 */
export function bm25Constants(
  documents: number,
  totalLength: number,
  frequencies: readonly number[],
): Bm25Constants {
  const averageLength = totalLength / documents;
  return {
    weights: frequencies.map((df) => Math.log(1 + (documents - df + 0.5) / (df + 0.5)) * (BM25_K1 + 1)),
    k: BM25_K1 * (1 - BM25_B),
    lengthFactor: (BM25_K1 * BM25_B) / averageLength,
  };
}
