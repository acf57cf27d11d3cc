/** Operators that compare a field with one value. */
export const SEARCH_COMPARISON_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;

/** Operators that match text: `like` (pattern), `fuzzy` (typo-tolerant words), `keyword` (full text). */
export const SEARCH_TEXT_OPERATORS = ['like', 'fuzzy', 'keyword'] as const;

/** Operators that combine conditions. */
export const SEARCH_LOGICAL_OPERATORS = ['and', 'or', 'not'] as const;

/**
 * Every operator a search condition may use, in the order the contract lists them.
 *
 * @example
 * ```ts
 * SEARCH_OPERATORS.includes('fuzzy'); // true
 * ```
 */
export const SEARCH_OPERATORS = [
  ...SEARCH_COMPARISON_OPERATORS,
  'in',
  ...SEARCH_TEXT_OPERATORS,
  ...SEARCH_LOGICAL_OPERATORS,
] as const;

/** `eq`, `neq`, `gt`, `gte`, `lt` or `lte`. */
export type SearchComparisonOperator = (typeof SEARCH_COMPARISON_OPERATORS)[number];

/** `like`, `fuzzy` or `keyword`. */
export type SearchTextOperator = (typeof SEARCH_TEXT_OPERATORS)[number];

/** `and`, `or` or `not`. */
export type SearchLogicalOperator = (typeof SEARCH_LOGICAL_OPERATORS)[number];

/** Any search operator. */
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** Ascending or descending, as `sort` elements say it. */
export const SEARCH_SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** `asc` or `desc`. */
export type SearchSortDirection = (typeof SEARCH_SORT_DIRECTIONS)[number];
