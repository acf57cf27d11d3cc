import type { JsonSchema, SourceRecord } from './discovered-stream';
import { createSeededRandom, hashSeed, type SeededRandom } from './seeded-random';

/** Midnight UTC on 2020-01-01: the origin of generated timestamps, so values are stable. */
const timeOrigin = Date.UTC(2020, 0, 1);

/**
 * Generates deterministic records that satisfy a stream's JSON schema. Used for streams of custom
 * (declarative or Docker) sources and registered test connectors, whose real data the simulator
 * cannot fetch: `id`-named integers count up from 1 and timestamps increase with the row, so
 * primary keys are unique and cursors are monotonic.
 *
 * @example
 * ```ts
 * generateRecordsFromSchema('orders', { type: 'object', properties: { id: { type: 'integer' } } }, 3, 0);
 * // [{ id: 1 }, { id: 2 }, { id: 3 }]
 * ```
 */
export function generateRecordsFromSchema(
  streamName: string,
  schema: JsonSchema,
  count: number,
  seed: number,
): SourceRecord[] {
  const random = createSeededRandom(hashSeed(streamName, seed));
  const records: SourceRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const value = generateValue(schema, 'record', index, random, 0);
    records.push(isPlainObject(value) ? value : { value });
  }
  return records;
}

function generateValue(
  schema: JsonSchema,
  fieldName: string,
  index: number,
  random: SeededRandom,
  depth: number,
): unknown {
  const type = primaryType(schema);
  switch (type) {
    case 'object': {
      const properties = isPlainObject(schema.properties) ? schema.properties : {};
      const result: SourceRecord = {};
      if (depth > 6) return result;
      for (const [name, inner] of Object.entries(properties)) {
        result[name] = generateValue(isPlainObject(inner) ? inner : {}, name, index, random, depth + 1);
      }
      return result;
    }
    case 'array': {
      const items = isPlainObject(schema.items) ? schema.items : { type: 'string' };
      const length = random.integer(0, 3);
      return Array.from({ length }, (_, position) =>
        generateValue(items, fieldName, index * 10 + position, random, depth + 1),
      );
    }
    case 'integer':
      return /(^|_)id$/i.test(fieldName) && depth <= 1 ? index + 1 : random.integer(0, 10_000);
    case 'number':
      return Math.round(random.next() * 1_000_000) / 100;
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default: {
      const instant = timeOrigin + index * 3_600_000 + random.integer(0, 3_599) * 1000;
      if (schema.format === 'date-time') return new Date(instant).toISOString();
      if (schema.format === 'date') return new Date(instant).toISOString().slice(0, 10);
      if (Array.isArray(schema.enum) && schema.enum.length > 0) return random.pick(schema.enum);
      return `${fieldName}-${index + 1}`;
    }
  }
}

/**
 * The first non-null type of a schema (`["null","integer"]` → `integer`); untyped schemas with
 * `properties` count as objects and anything else as strings.
 *
 * @example
 * ```ts
 * primaryType({ type: ['null', 'integer'] }); // 'integer'
 * ```
 */
export function primaryType(schema: JsonSchema): string {
  const declared = schema.type;
  const types = Array.isArray(declared) ? declared : declared === undefined ? [] : [declared];
  const nonNull = types.find((type) => type !== 'null');
  if (typeof nonNull === 'string') return nonNull;
  if (types.length > 0) return 'null';
  if (isPlainObject(schema.properties)) return 'object';
  const variants = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (variants) {
    for (const variant of variants) {
      if (isPlainObject(variant)) {
        const inner = primaryType(variant);
        if (inner !== 'null') return inner;
      }
    }
  }
  return 'string';
}

/**
 * True for a non-null, non-array object.
 *
 * @example
 * ```ts
 * isPlainObject({}); // true
 * isPlainObject([]); // false
 * ```
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
