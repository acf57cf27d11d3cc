/**
 * Bounds on one search request. A query is the caller's own, so these exist to keep a single
 * request from costing a server unbounded stack, memory or SQL size, not to restrict honest use.
 *
 * @example
 * ```ts
 * const pageSize = Math.min(requestedPageSize, SEARCH_LIMITS.maxLimit);
 * ```
 */
export const SEARCH_LIMITS = {
  /** `limit` when the caller gives none (seed 001). */
  defaultLimit: 1000,
  maxLimit: 10_000,
  /** Levels of condition nesting: the top condition is level 1, each `and`/`or`/`not` adds one. */
  maxDepth: 32,
  /** Condition objects plus field comparisons in one filter. */
  maxConditions: 512,
  /** Values in one `in` list. */
  maxInValues: 1000,
  /** Characters in one compared string. */
  maxStringLength: 4096,
  /**
   * Characters in one word of a `fuzzy` value: PostgreSQL's edit distance (fuzzystrmatch)
   * refuses longer strings, and no real word is longer.
   */
  maxFuzzyWordLength: 255,
  /** Segments in one field path such as `parent.created_by.gid`. */
  maxPathSegments: 8,
  maxSortKeys: 16,
  maxFields: 256,
  // Generous: a cursor carries the sort values of the last hit, which may be long strings.
  maxCursorLength: 65_536,
  /** Faults reported in one error; the rest are counted in its message. */
  maxFaults: 50,
} as const;
