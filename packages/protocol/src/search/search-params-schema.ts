import * as z from 'zod';
import { SEARCH_LIMITS } from './search-limits';
import { SEARCH_SORT_DIRECTIONS } from './search-operators';

// These schemas describe the wire shape only (for typed clients, generated docs and the params of
// a `search` action). Whether a field exists and whether a value suits its type depends on the
// entity, so `parseSearchParams` is the authority that servers call.

const ScalarSchema = z.union([
  z.string().max(SEARCH_LIMITS.maxStringLength),
  z.number(),
  z.boolean(),
  z.null(),
]);

function fieldMap<Value extends z.ZodType>(value: Value) {
  return z
    .record(z.string(), value)
    .refine((map) => Object.keys(map).length > 0, { message: 'name at least one field' });
}

const orderedValue = z.union([z.string().max(SEARCH_LIMITS.maxStringLength), z.number()]);
const textValue = z.string().min(1).max(SEARCH_LIMITS.maxStringLength);

const leafOperators = {
  eq: fieldMap(ScalarSchema).optional(),
  neq: fieldMap(ScalarSchema).optional(),
  gt: fieldMap(orderedValue).optional(),
  gte: fieldMap(orderedValue).optional(),
  lt: fieldMap(orderedValue).optional(),
  lte: fieldMap(orderedValue).optional(),
  in: fieldMap(z.array(ScalarSchema).max(SEARCH_LIMITS.maxInValues)).optional(),
  like: fieldMap(textValue).optional(),
  fuzzy: fieldMap(textValue).optional(),
  keyword: fieldMap(textValue).optional(),
};

const LeafConditionSchema = z.strictObject(leafOperators);

type LeafOperators = z.output<typeof LeafConditionSchema>;

/**
 * A filter condition as a caller writes it: an object whose keys are operators, ANDed together.
 * Comparison and text operators map field paths to values; `and`/`or` hold conditions, `not` one.
 *
 * @example
 * ```ts
 * const open: SearchCondition = { and: [{ eq: { completed: false } }, { lt: { due_on: '2026-05-01' } }] };
 * ```
 */
export interface SearchCondition extends LeafOperators {
  and?: SearchCondition[];
  or?: SearchCondition[];
  not?: SearchCondition;
}

const ConditionShapeSchema: z.ZodType<SearchCondition, SearchCondition> = z
  .strictObject({
    ...leafOperators,
    get and() {
      return z.array(ConditionShapeSchema).min(1).optional();
    },
    get or() {
      return z.array(ConditionShapeSchema).min(1).optional();
    },
    get not() {
      return ConditionShapeSchema.optional();
    },
  })
  .refine((condition) => Object.keys(condition).length > 0, {
    message: 'a condition needs at least one operator',
  });

const leafOperatorNames: ReadonlySet<string> = new Set(Object.keys(leafOperators));

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Measures a would-be condition without recursion, so that a hostile, deeply nested body is
 * refused before any recursive validator (zod's or a compiler's) can exhaust the stack.
 * Counts condition objects plus field comparisons, as `parseSearchParams` does.
 */
export function searchConditionSizeFault(root: unknown): string | undefined {
  const tooMany = `a filter may hold at most ${SEARCH_LIMITS.maxConditions} conditions and comparisons`;
  const stack: [unknown, number][] = [[root, 1]];
  let count = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (!isPlainObject(value)) continue;
    if (depth > SEARCH_LIMITS.maxDepth) return `conditions nest deeper than ${SEARCH_LIMITS.maxDepth} levels`;
    count += 1;
    for (const [operator, operand] of Object.entries(value)) {
      if (operator === 'and' || operator === 'or') {
        if (!Array.isArray(operand)) continue;
        // Refuse a huge array before pushing it: each element would count as a condition anyway.
        if (count + operand.length > SEARCH_LIMITS.maxConditions) return tooMany;
        for (const inner of operand) stack.push([inner, depth + 1]);
      } else if (operator === 'not') {
        stack.push([operand, depth + 1]);
      } else if (leafOperatorNames.has(operator) && isPlainObject(operand)) {
        count += Object.keys(operand).length;
      }
    }
    if (count > SEARCH_LIMITS.maxConditions) return tooMany;
  }
  return undefined;
}

/**
 * The wire shape of a filter condition, recursive, with nesting depth and size bounded.
 *
 * @example
 * ```ts
 * SearchConditionSchema.parse({ and: [{ eq: { completed: false } }, { lt: { due_on: '2026-05-01' } }] });
 * ```
 */
export const SearchConditionSchema: z.ZodType<SearchCondition, SearchCondition> = z
  // A transform rather than a refined `z.custom`: the size is checked before the recursive shape
  // is parsed, and JSON Schema generation (MCP tool schemas) sees the shape as the input side.
  .transform<SearchCondition, SearchCondition>((value, context) => {
    const fault = searchConditionSizeFault(value);
    if (fault === undefined) return value;
    context.issues.push({ code: 'custom', message: fault, input: value });
    return z.NEVER;
  })
  .pipe(ConditionShapeSchema);

/**
 * `sort`: fields in priority order, each element `{"<field>": "asc" | "desc"}` with exactly one key.
 *
 * @example
 * ```ts
 * SearchSortSchema.parse([{ due_on: 'asc' }, { name: 'desc' }]);
 * ```
 */
export const SearchSortSchema = z
  .array(
    z
      .record(z.string(), z.enum(SEARCH_SORT_DIRECTIONS))
      .refine((element) => Object.keys(element).length === 1, {
        message: 'a sort element names exactly one field',
      }),
  )
  .max(SEARCH_LIMITS.maxSortKeys);

/**
 * A sort specification as the caller writes it.
 *
 * @example
 * ```ts
 * const sort: SearchSortInput = [{ due_on: 'asc' }, { name: 'desc' }];
 * ```
 */
export type SearchSortInput = z.output<typeof SearchSortSchema>;

/**
 * One projected path: a dot string (`"assignee.name"`) or an array of segments (`["assignee","name"]`).
 *
 * @example
 * ```ts
 * SearchFieldPathSchema.parse(['assignee', 'name']);
 * ```
 */
export const SearchFieldPathSchema = z.union([
  z.string().min(1),
  z.array(z.string().min(1)).min(1).max(SEARCH_LIMITS.maxPathSegments),
]);

/**
 * A projected path in either form.
 *
 * @example
 * ```ts
 * const paths: SearchFieldPath[] = ['gid', ['assignee', 'name']];
 * ```
 */
export type SearchFieldPath = z.output<typeof SearchFieldPathSchema>;

/**
 * `query`: the filter and the sort, both optional.
 *
 * @example
 * ```ts
 * SearchQuerySchema.parse({ filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' }] });
 * ```
 */
export const SearchQuerySchema = z.strictObject({
  // Absent and null both mean "none": some clients serialise an unset option as null.
  filter: SearchConditionSchema.nullish(),
  sort: SearchSortSchema.nullish(),
});

/**
 * The `query` of search params.
 *
 * @example
 * ```ts
 * const query: SearchQuery = { filter: { fuzzy: { name: 'launch' } }, sort: [{ due_on: 'asc' }] };
 * ```
 */
export type SearchQuery = z.output<typeof SearchQuerySchema>;

/**
 * The params of every `search` action (seed 001, Common search parameters): `query` is required,
 * `limit` defaults to 1000 (1 to 10000), `cursor` is a previous response's `next_cursor`, `fields`
 * projects `data`.
 *
 * @example
 * ```ts
 * const params = SearchParamsSchema.parse({ query: { filter: { fuzzy: { name: 'launch plan' } } }, limit: 25 });
 * params.limit; // 25
 * ```
 */
export const SearchParamsSchema = z.strictObject({
  query: SearchQuerySchema,
  limit: z
    .int()
    .min(1)
    .max(SEARCH_LIMITS.maxLimit)
    .nullish()
    .transform((limit) => limit ?? SEARCH_LIMITS.defaultLimit),
  cursor: z.string().min(1).max(SEARCH_LIMITS.maxCursorLength).nullish(),
  fields: z.array(SearchFieldPathSchema).min(1).max(SEARCH_LIMITS.maxFields).nullish(),
});

/**
 * Search params as a caller sends them (`limit` optional).
 *
 * @example
 * ```ts
 * const params: SearchParams = { query: { filter: { eq: { completed: false } } }, limit: 25 };
 * ```
 */
export type SearchParams = z.input<typeof SearchParamsSchema>;

/**
 * Search params after the wire schema: `limit` defaulted. Still unchecked against the entity's fields.
 *
 * @example
 * ```ts
 * const params: SearchParamsOutput = SearchParamsSchema.parse({ query: {} }); // limit 1000
 * ```
 */
export type SearchParamsOutput = z.output<typeof SearchParamsSchema>;
