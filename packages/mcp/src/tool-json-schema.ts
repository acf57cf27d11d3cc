import {
  SEARCH_COMPARISON_OPERATORS,
  SEARCH_LOGICAL_OPERATORS,
  SEARCH_TEXT_OPERATORS,
  SearchConditionSchema,
  SearchSortSchema,
} from '@conduit/protocol';
import * as z from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The search DSL in one line, for the `filter` of every `search` tool: the recursive schema of a
 * condition is ~2 KB of JSON per tool and tells a model less than this does. The operator names
 * come from the protocol's lists; `parseSearchParams` stays the authority on calls.
 */
const FILTER_HELP = [
  `{operator: {field: value}}; keys ANDed.`,
  `${SEARCH_COMPARISON_OPERATORS.join('/')}: a value; in: [values];`,
  `${SEARCH_TEXT_OPERATORS.join('/')}: text (like: % wildcard; fuzzy: typo-tolerant; keyword: full text);`,
  `${SEARCH_LOGICAL_OPERATORS.slice(0, 2).join('/')}: [conditions]; ${SEARCH_LOGICAL_OPERATORS[2]}: condition.`,
  `Fields: see the tool description.`,
].join(' ');
const SORT_HELP = '[{field: "asc"|"desc"}], in priority order';

/** Keys the generator writes that a model needs no word of (JSON allows no other property names). */
function isNoise(key: string, value: unknown): boolean {
  if (key === '$schema') return true;
  if (key === 'propertyNames') return JSON.stringify(value) === '{"type":"string"}';
  // `{}` is the default; `false` is enforced by the server, which answers extra arguments as a
  // tool error naming them.
  if (key === 'additionalProperties') return value === false || JSON.stringify(value) === '{}';
  // An array of anything; an object of any properties.
  if (key === 'items' || key === 'properties') return JSON.stringify(value) === '{}';
  return false;
}

/**
 * zod's `int()` writes the safe-integer range on every integer (~50 bytes each, a dozen per
 * record): JSON numbers a model writes or reads never come near it, and the zod schemas still
 * enforce it on arguments.
 */
function isSafeIntegerBound(key: string, value: unknown): boolean {
  return (
    (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) ||
    (key === 'maximum' && value === Number.MAX_SAFE_INTEGER)
  );
}

function isBareType(schema: unknown): schema is { type: string | string[] } {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    Object.keys(schema).length === 1 &&
    'type' in schema &&
    (typeof schema.type === 'string' || Array.isArray(schema.type))
  );
}

/** `anyOf: [X, {type: "null"}]` → X with `"null"` added to its type, when X only constrains values of that type. */
function mergeNullable(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const nullIndex = branches.findIndex((branch) => JSON.stringify(branch) === '{"type":"null"}');
  if (nullIndex === -1) return schema;
  const other = branches[1 - nullIndex] as JsonSchema;
  if (typeof other.type !== 'string' && !isBareType(other)) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  const types = Array.isArray(other.type) ? other.type : [other.type];
  return { ...other, ...rest, type: [...new Set([...types, 'null'])] };
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!isNoise(key, inner) && !isSafeIntegerBound(key, inner)) out[key] = compact(inner);
  }
  return mergeNullable(out);
}

/** Drops the definitions nothing refers to any more (the search filter's, once it is described). */
function pruneDefinitions(schema: JsonSchema): JsonSchema {
  const { definitions, ...root } = schema as JsonSchema & { definitions?: Record<string, unknown> };
  if (definitions === undefined) return schema;
  const kept: Record<string, unknown> = {};
  const pending = [JSON.stringify(root)];
  while (pending.length > 0) {
    const text = pending.pop()!;
    for (const [name, definition] of Object.entries(definitions)) {
      if (!(name in kept) && text.includes(`"#/definitions/${name}"`)) {
        kept[name] = definition;
        pending.push(JSON.stringify(definition));
      }
    }
  }
  return Object.keys(kept).length === 0 ? root : { ...root, definitions: kept };
}

/**
 * The JSON Schema a tool's input or output is listed with: what zod generates from the
 * definition's schemas, less what costs a model's context without telling it anything (`$schema`,
 * `additionalProperties`, `propertyNames` of string maps, the safe-integer bounds of integers,
 * `anyOf` with null where a type list says it), and with the search filter and sort described in a line instead of their recursive
 * schemas. The zod schemas stay what the server validates arguments with.
 *
 * @example
 * ```ts
 * toolJsonSchema(z.strictObject({ task_gid: z.string() }), 'input');
 * // { type: 'object', properties: { task_gid: { type: 'string' } }, required: ['task_gid'] }
 * ```
 */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
    override: (context) => {
      const { jsonSchema } = context;
      const zodSchema: unknown = context.zodSchema;
      const help =
        zodSchema === SearchConditionSchema
          ? FILTER_HELP
          : zodSchema === SearchSortSchema
            ? SORT_HELP
            : undefined;
      if (help === undefined) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, {
        type: zodSchema === SearchSortSchema ? 'array' : 'object',
        description: help,
      });
    },
  });
  return pruneDefinitions(compact(generated) as JsonSchema);
}
