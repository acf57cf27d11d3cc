/**
 * Operators that compare a field with one value.
 *
 * @example
 * ```ts
 * SEARCH_COMPARISON_OPERATORS.includes('gte'); // true
 * ```
 */
export const SEARCH_COMPARISON_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;

/**
 * Operators that match text: `like` (pattern), `fuzzy` (typo-tolerant words), `keyword` (full text).
 *
 * @example
 * ```ts
 * SEARCH_TEXT_OPERATORS.includes('keyword'); // true
 * ```
 */
export const SEARCH_TEXT_OPERATORS = ['like', 'fuzzy', 'keyword'] as const;

/**
 * Operators that combine conditions.
 *
 * @example
 * ```ts
 * SEARCH_LOGICAL_OPERATORS.includes('not'); // true
 * ```
 */
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

/**
 * `eq`, `neq`, `gt`, `gte`, `lt` or `lte`.
 *
 * @example
 * ```ts
 * const op: SearchComparisonOperator = 'lte';
 * ```
 */
export type SearchComparisonOperator = (typeof SEARCH_COMPARISON_OPERATORS)[number];

/**
 * `like`, `fuzzy` or `keyword`.
 *
 * @example
 * ```ts
 * const op: SearchTextOperator = 'fuzzy';
 * ```
 */
export type SearchTextOperator = (typeof SEARCH_TEXT_OPERATORS)[number];

/**
 * `and`, `or` or `not`.
 *
 * @example
 * ```ts
 * const op: SearchLogicalOperator = 'or';
 * ```
 */
export type SearchLogicalOperator = (typeof SEARCH_LOGICAL_OPERATORS)[number];

/**
 * Any search operator.
 *
 * @example
 * ```ts
 * const op: SearchOperator = 'in';
 * ```
 */
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/**
 * Ascending or descending, as `sort` elements say it.
 *
 * @example
 * ```ts
 * SEARCH_SORT_DIRECTIONS.includes('desc'); // true
 * ```
 */
export const SEARCH_SORT_DIRECTIONS = ['asc', 'desc'] as const;

/**
 * `asc` or `desc`.
 *
 * @example
 * ```ts
 * const direction: SearchSortDirection = 'asc';
 * ```
 */
export type SearchSortDirection = (typeof SEARCH_SORT_DIRECTIONS)[number];
