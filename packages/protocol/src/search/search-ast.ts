import type { SearchFieldType } from '../connector-definition';
import type { SearchComparisonOperator, SearchSortDirection, SearchTextOperator } from './search-operators';

/**
 * A value a field is compared with. `null` in `eq` matches null or missing.
 *
 * @example
 * ```ts
 * const values: SearchScalar[] = ['open', 3, true, null];
 * ```
 */
export type SearchScalar = string | number | boolean | null;

/**
 * The field a leaf condition looks at. `path` is the whole path, `field` its first segment (a
 * searchable field of the entity) and `fieldType` that field's declared type. When `fieldType` is
 * `array`, the rest of the path applies to each element and the condition holds when any element
 * satisfies it; when it is `object`, the rest of the path descends into the object.
 *
 * @example
 * ```ts
 * const target: SearchFieldTarget = { field: 'projects', path: ['projects', 'gid'], fieldType: 'array' };
 * // matches when any element of projects has the compared gid
 * ```
 */
export interface SearchFieldTarget {
  readonly field: string;
  readonly path: readonly string[];
  readonly fieldType: SearchFieldType;
}

/**
 * `eq`, `neq`, `gt`, `gte`, `lt` or `lte` on one field. Values are already checked against the
 * field's type; `null` only occurs with `eq` and `neq`. `neq` means exactly `not eq`: on an array
 * field no element equals the value, and `neq: null` matches present, non-null values.
 *
 * @example
 * ```ts
 * const node: SearchCompareNode = { kind: 'compare', op: 'eq', field: 'completed', path: ['completed'], fieldType: 'boolean', value: false };
 * ```
 */
export interface SearchCompareNode extends SearchFieldTarget {
  readonly kind: 'compare';
  readonly op: SearchComparisonOperator;
  readonly value: SearchScalar;
}

/**
 * `in`: the field equals one of `values` (an empty list matches nothing).
 *
 * @example
 * ```ts
 * const node: SearchInNode = { kind: 'in', field: 'gid', path: ['gid'], fieldType: 'string', values: ['1', '2'] };
 * ```
 */
export interface SearchInNode extends SearchFieldTarget {
  readonly kind: 'in';
  readonly values: readonly SearchScalar[];
}

/**
 * `like`, `fuzzy` or `keyword` on a text field, with a non-empty string.
 *
 * @example
 * ```ts
 * const node: SearchTextNode = { kind: 'text', op: 'fuzzy', field: 'name', path: ['name'], fieldType: 'string', value: 'launch plan' };
 * ```
 */
export interface SearchTextNode extends SearchFieldTarget {
  readonly kind: 'text';
  readonly op: SearchTextOperator;
  readonly value: string;
}

/**
 * Every condition holds. Never empty, never directly holding another `and`.
 *
 * @example
 * ```ts
 * const both: SearchAndNode = { kind: 'and', conditions: [completedNode, dueNode] };
 * ```
 */
export interface SearchAndNode {
  readonly kind: 'and';
  readonly conditions: readonly SearchFilter[];
}

/**
 * At least one condition holds. Never empty, never directly holding another `or`.
 *
 * @example
 * ```ts
 * const either: SearchOrNode = { kind: 'or', conditions: [completedNode, dueNode] };
 * ```
 */
export interface SearchOrNode {
  readonly kind: 'or';
  readonly conditions: readonly SearchFilter[];
}

/**
 * The condition does not hold.
 *
 * @example
 * ```ts
 * const open: SearchNotNode = { kind: 'not', condition: completedNode };
 * ```
 */
export interface SearchNotNode {
  readonly kind: 'not';
  readonly condition: SearchFilter;
}

/**
 * A normalized filter: what a SQL compiler or an in-memory evaluator walks. Several operators in
 * one condition object, and several fields in one operator map, become an `and`.
 *
 * @example
 * ```ts
 * function countLeaves(filter: SearchFilter): number {
 *   switch (filter.kind) {
 *     case 'and':
 *     case 'or':
 *       return filter.conditions.reduce((sum, inner) => sum + countLeaves(inner), 0);
 *     case 'not':
 *       return countLeaves(filter.condition);
 *     default:
 *       return 1;
 *   }
 * }
 * ```
 */
export type SearchFilter =
  | SearchCompareNode
  | SearchInNode
  | SearchTextNode
  | SearchAndNode
  | SearchOrNode
  | SearchNotNode;

/**
 * One sort key, in priority order. Nulls sort last in either direction.
 *
 * @example
 * ```ts
 * const orderBy = search.sort.map((key: SearchSort) => `${key.path.join('.')} ${key.direction}`);
 * ```
 */
export interface SearchSort extends SearchFieldTarget {
  readonly direction: SearchSortDirection;
}

/**
 * Search params after validation against an entity's searchable fields.
 *
 * - `filter`: `null` when there is none (every record matches).
 * - `sort`: empty when hits go by score, then id.
 * - `fields`: paths to project `data` to, each an array of segments; `null` for every field.
 *
 * @example
 * ```ts
 * const search: ParsedSearch = parseSearchParams(params, action.searchableFields ?? {});
 * const page = await store.query(search.filter, search.sort, search.limit + 1);
 * ```
 */
export interface ParsedSearch {
  readonly filter: SearchFilter | null;
  readonly sort: readonly SearchSort[];
  readonly fields: readonly (readonly string[])[] | null;
  readonly limit: number;
  readonly cursor: string | null;
}
