import type { JsonSchema } from './json-schema';

/** A JSON type a command-line value may be coerced to. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'any';

/** A scalar an enum may list. */
export type EnumValue = string | number | boolean | null;

/** One field of a params object or a record, described for people and for coercion. */
export interface FieldDescription {
  readonly name: string;
  /** For people: `string`, `integer`, `enum`, `array<string>`, `object`, `any`… (without `| null`). */
  readonly type: string;
  /** The JSON types a value may have, null excluded; `any` when unconstrained. */
  readonly json_types: readonly JsonType[];
  /** For array fields, the JSON types of the items. */
  readonly item_types?: readonly JsonType[];
  readonly required: boolean;
  readonly nullable: boolean;
  readonly description?: string;
  readonly enum?: readonly EnumValue[];
  /** The inclusive numeric bounds, when the field is a number with bounds. */
  readonly minimum?: number;
  readonly maximum?: number;
  /** Readable limits: `1..100`, `pattern ^\d{1,32}$`, `length >= 1`, `format date-time`. */
  readonly constraints: readonly string[];
  readonly default?: unknown;
}

const SAFE = Number.MAX_SAFE_INTEGER;

interface Resolved {
  readonly schema: JsonSchema;
  readonly nullable: boolean;
  /** The non-null alternatives of a union, each resolved. */
  readonly alternatives: readonly JsonSchema[];
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (ref === '#') return root;
  const match = /^#\/\$defs\/(.+)$/.exec(ref);
  const defs = root.$defs as Record<string, JsonSchema> | undefined;
  return (match && defs?.[decodeURIComponent(match[1]!)]) || {};
}

function resolve(schema: JsonSchema, root: JsonSchema): Resolved {
  const direct = resolveRef(schema, root);
  const union = (direct.anyOf ?? direct.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) {
    const members = union.map((member) => resolveRef(member, root));
    const nonNull = members.filter((member) => member.type !== 'null');
    const nullable = nonNull.length < members.length;
    if (nonNull.length === 1) {
      const inner = resolve(nonNull[0]!, root);
      return { ...inner, nullable: nullable || inner.nullable };
    }
    return { schema: direct, nullable, alternatives: nonNull };
  }
  if (Array.isArray(direct.type)) {
    const types = direct.type as string[];
    const nonNull = types.filter((type) => type !== 'null');
    const nullable = nonNull.length < types.length;
    if (nonNull.length === 1) return { schema: { ...direct, type: nonNull[0] }, nullable, alternatives: [] };
    return { schema: direct, nullable, alternatives: nonNull.map((type) => ({ ...direct, type })) };
  }
  return { schema: direct, nullable: false, alternatives: [] };
}

function jsonTypesOf(schema: JsonSchema): JsonType[] {
  if (Array.isArray(schema.enum)) {
    const types = new Set<JsonType>();
    for (const value of schema.enum as unknown[]) {
      if (typeof value === 'string') types.add('string');
      else if (typeof value === 'number') types.add(Number.isInteger(value) ? 'integer' : 'number');
      else if (typeof value === 'boolean') types.add('boolean');
    }
    return [...types];
  }
  switch (schema.type) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
    case 'array':
    case 'object':
      return [schema.type];
    default:
      return ['any'];
  }
}

function label(resolved: Resolved, root: JsonSchema, depth = 0): string {
  if (resolved.alternatives.length > 0) {
    return [
      ...new Set(
        resolved.alternatives.map((alternative) => label(resolve(alternative, root), root, depth + 1)),
      ),
    ].join(' | ');
  }
  const schema = resolved.schema;
  if (schema.not !== undefined && Object.keys(schema).length === 1) return 'never';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return 'enum';
  if (schema.type === 'array') {
    const items = schema.items as JsonSchema | undefined;
    if (!items || depth > 3) return 'array';
    return `array<${label(resolve(items, root), root, depth + 1)}>`;
  }
  if (typeof schema.type === 'string') return schema.type;
  return 'any';
}

function constraintsOf(schema: JsonSchema): string[] {
  const result: string[] = [];
  const min = typeof schema.minimum === 'number' && schema.minimum > -SAFE ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' && schema.maximum < SAFE ? schema.maximum : undefined;
  if (min !== undefined && max !== undefined) result.push(`${min}..${max}`);
  else if (min !== undefined) result.push(`>= ${min}`);
  else if (max !== undefined) result.push(`<= ${max}`);
  if (typeof schema.exclusiveMinimum === 'number') result.push(`> ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number') result.push(`< ${schema.exclusiveMaximum}`);
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : undefined;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (minLength !== undefined && maxLength !== undefined) result.push(`length ${minLength}..${maxLength}`);
  else if (minLength !== undefined && minLength > 0) result.push(`length >= ${minLength}`);
  else if (maxLength !== undefined) result.push(`length <= ${maxLength}`);
  if (typeof schema.minItems === 'number' && schema.minItems > 0) result.push(`items >= ${schema.minItems}`);
  if (typeof schema.maxItems === 'number') result.push(`items <= ${schema.maxItems}`);
  if (typeof schema.format === 'string') result.push(`format ${schema.format}`);
  if (typeof schema.pattern === 'string') result.push(`pattern ${schema.pattern}`);
  return result;
}

/**
 * Describes one property schema of an object schema.
 *
 * @example
 * ```ts
 * describeField('limit', { type: 'integer', minimum: 1, maximum: 100 }, false, root);
 * // { name: 'limit', type: 'integer', json_types: ['integer'], required: false, constraints: ['1..100'], … }
 * ```
 */
export function describeField(
  name: string,
  schema: JsonSchema,
  required: boolean,
  root: JsonSchema,
): FieldDescription {
  const resolved = resolve(schema, root);
  const target = resolved.schema;
  const jsonTypes =
    resolved.alternatives.length > 0
      ? [
          ...new Set(
            resolved.alternatives.flatMap((alternative) => jsonTypesOf(resolve(alternative, root).schema)),
          ),
        ]
      : jsonTypesOf(target);
  const items =
    target.type === 'array' && target.items ? resolve(target.items as JsonSchema, root) : undefined;
  const itemTypes = items
    ? items.alternatives.length > 0
      ? [
          ...new Set(
            items.alternatives.flatMap((alternative) => jsonTypesOf(resolve(alternative, root).schema)),
          ),
        ]
      : jsonTypesOf(items.schema)
    : undefined;
  const description = (schema.description ?? target.description) as string | undefined;
  const enumValues = Array.isArray(target.enum) ? (target.enum as EnumValue[]) : undefined;
  return {
    name,
    type: label(resolved, root),
    json_types: jsonTypes,
    ...(itemTypes ? { item_types: itemTypes } : {}),
    required,
    nullable: resolved.nullable,
    ...(description === undefined ? {} : { description }),
    ...(enumValues === undefined ? {} : { enum: enumValues }),
    ...(resolved.alternatives.length === 0 && typeof target.minimum === 'number' && target.minimum > -SAFE
      ? { minimum: target.minimum }
      : {}),
    ...(resolved.alternatives.length === 0 && typeof target.maximum === 'number' && target.maximum < SAFE
      ? { maximum: target.maximum }
      : {}),
    constraints: resolved.alternatives.length > 0 ? [] : constraintsOf(target),
    ...('default' in schema
      ? { default: schema.default }
      : 'default' in target
        ? { default: target.default }
        : {}),
  };
}

/**
 * The fields of an object's JSON Schema, in declaration order, with `required` taken from the
 * schema's `required` list. A schema that is not an object has no fields.
 *
 * @example
 * ```ts
 * describeFields(jsonSchemaOf(action.params, 'input')).map((field) => field.name);
 * ```
 */
export function describeFields(root: JsonSchema): FieldDescription[] {
  const object = resolve(root, root).schema;
  const properties = object.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [];
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(properties).map(([name, schema]) =>
    describeField(name, schema, required.has(name), root),
  );
}

/**
 * Whether an object schema accepts properties it does not list: `false` for a strict params
 * object (unknown params are refused), `true` for records that keep every upstream field.
 *
 * @example
 * ```ts
 * acceptsUnknownFields({ type: 'object', additionalProperties: false }); // false
 * ```
 */
export function acceptsUnknownFields(root: JsonSchema): boolean {
  const object = resolve(root, root).schema;
  return object.additionalProperties !== false;
}
