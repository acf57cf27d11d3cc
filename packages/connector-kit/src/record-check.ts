import type * as z from 'zod';

/**
 * True only for a value the schema accepts and would return unchanged (as an equal copy).
 *
 * @example
 * ```ts
 * const check: RecordCheck = (value) => typeof value === 'string';
 * ```
 */
export type RecordCheck = (value: unknown) => boolean;

interface ZodDefinition {
  type: string;
  checks?: unknown[];
  check?: string;
  format?: string;
  entries?: Record<string, unknown>;
  values?: readonly unknown[];
  options?: readonly z.ZodType[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

/**
 * A check that is only a `typeof` test (with null or undefined allowed or not), which an object's
 * check runs inline instead of calling it.
 */
interface InlineType {
  readonly type: 'string' | 'boolean';
  readonly orNull: boolean;
  readonly orUndefined: boolean;
}

const inlineTypes = new WeakMap<RecordCheck, InlineType>();

/** `check`, known to the object checks that use it as the `typeof` test `type`. */
function inlinable(check: RecordCheck, type: InlineType): RecordCheck {
  inlineTypes.set(check, type);
  return check;
}

/** The definition of one of zod's length checks (`min_length`, `max_length`, `length_equals`). */
interface ZodLengthCheck {
  check?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
}

function definitionOf(schema: z.ZodType): ZodDefinition | undefined {
  return (schema as unknown as { _zod?: { def?: ZodDefinition } })._zod?.def;
}

/** `z.int()` or `z.number().int()` and nothing more. */
function isSafeInt(definition: ZodDefinition): boolean {
  if (definition.check === 'number_format')
    return definition.format === 'safeint' && (definition.checks?.length ?? 0) === 0;
  return (definition.checks ?? []).every((check) => {
    const inner = (check as { _zod?: { def?: ZodDefinition } })._zod?.def;
    return inner?.check === 'number_format' && inner.format === 'safeint';
  });
}

/** The code points of a string: a surrogate pair counts once. */
function codePointCount(value: string): number {
  let count = value.length;
  for (let index = 0; index < value.length - 1; index += 1) {
    const unit = value.charCodeAt(index);
    if ((unit & 0xfc00) === 0xd800 && (value.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      count -= 1;
      index += 1;
    }
  }
  return count;
}

/**
 * A string check whose refinements are only lengths (`min`, `max`, `length`, as the `offset` param
 * of a list has), else `undefined`. zod 4.6 counts code points where older versions counted UTF-16
 * units: the check accepts only a string within the bounds by both counts, so it never accepts
 * what zod refuses (a string it refuses goes to zod, which decides). A code point is one or two
 * units, so the code points need counting only below twice the floor.
 */
function stringLengthCheck(checks: readonly unknown[]): RecordCheck | undefined {
  let minimum = 0;
  let maximum = Number.POSITIVE_INFINITY;
  for (const check of checks) {
    const inner = (check as { _zod?: { def?: ZodLengthCheck } })._zod?.def;
    if (inner?.check === 'min_length' && typeof inner.minimum === 'number') {
      minimum = Math.max(minimum, inner.minimum);
    } else if (inner?.check === 'max_length' && typeof inner.maximum === 'number') {
      maximum = Math.min(maximum, inner.maximum);
    } else if (inner?.check === 'length_equals' && typeof inner.length === 'number') {
      minimum = Math.max(minimum, inner.length);
      maximum = Math.min(maximum, inner.length);
    } else {
      return undefined;
    }
  }
  return (value) => {
    if (typeof value !== 'string' || value.length < minimum || value.length > maximum) return false;
    return value.length >= minimum * 2 || codePointCount(value) >= minimum;
  };
}

/**
 * Compiles a record schema into a check that reads a value without copying it. zod's parse of a
 * `looseObject` builds a copy of every record (and of every nested object), which is most of the
 * cost of validating a large list page, although for these plain shapes the copy equals the
 * input. Supported: `string` (its length checks included), `number`, `boolean` without
 * refinements, integers, enums, literals, `unknown`, `nullable`, `optional`, arrays, unions of
 * these, records of string keys, and objects that keep unknown keys. Anything else (other refinements, transforms,
 * defaults, objects that strip or reject unknown keys) gives `undefined`: parse with zod.
 *
 * The check is a fast path only: a value it rejects must still be parsed with zod, which rejects
 * it with the usual issues (or accepts it, if the check was stricter than zod).
 *
 * @example
 * ```ts
 * const check = compileRecordCheck(TaskListRecord);
 * const records = check && page.data.every(check) ? page.data : z.array(TaskListRecord).parse(page.data);
 * ```
 */
export function compileRecordCheck(schema: z.ZodType): RecordCheck | undefined {
  const definition = definitionOf(schema);
  if (definition === undefined) return undefined;
  const refined = (definition.checks?.length ?? 0) > 0;
  switch (definition.type) {
    case 'string':
      return refined
        ? stringLengthCheck(definition.checks as unknown[])
        : inlinable((value) => typeof value === 'string', {
            type: 'string',
            orNull: false,
            orUndefined: false,
          });
    case 'boolean':
      return refined
        ? undefined
        : inlinable((value) => typeof value === 'boolean', {
            type: 'boolean',
            orNull: false,
            orUndefined: false,
          });
    case 'number':
      // zod 4 refuses NaN and the infinities.
      if (!refined && definition.check === undefined) {
        return (value) => typeof value === 'number' && Number.isFinite(value);
      }
      // `z.int()` / `z.number().int()`: a safe integer (ids of most APIs), nothing else.
      return isSafeInt(definition) ? (value) => Number.isSafeInteger(value) : undefined;
    case 'enum': {
      if (refined || definition.entries === undefined) return undefined;
      const allowed = new Set(Object.values(definition.entries));
      return (value) => allowed.has(value);
    }
    case 'literal': {
      if (refined || definition.values === undefined) return undefined;
      const allowed = new Set(definition.values);
      return (value) => allowed.has(value);
    }
    case 'union': {
      // Output equals input only when every branch is a plain check (no transform, no default).
      const branches = definition.options?.map((option) => compileRecordCheck(option));
      if (refined || branches === undefined || branches.some((branch) => branch === undefined))
        return undefined;
      const checks = branches as RecordCheck[];
      return (value) => {
        for (let index = 0; index < checks.length; index += 1)
          if ((checks[index] as RecordCheck)(value)) return true;
        return false;
      };
    }
    case 'unknown':
    case 'any':
      return () => true;
    case 'nullable': {
      const inner = definition.innerType && compileRecordCheck(definition.innerType);
      const type = inner && inlineTypes.get(inner);
      const check = inner && ((value: unknown) => value === null || inner(value));
      return check && type ? inlinable(check, { ...type, orNull: true }) : check;
    }
    case 'optional': {
      const inner = definition.innerType && compileRecordCheck(definition.innerType);
      const type = inner && inlineTypes.get(inner);
      const check = inner && ((value: unknown) => value === undefined || inner(value));
      return check && type ? inlinable(check, { ...type, orUndefined: true }) : check;
    }
    case 'array': {
      const element = definition.element && compileRecordCheck(definition.element);
      if (refined || !element) return undefined;
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (let index = 0; index < value.length; index += 1) if (!element(value[index])) return false;
        return true;
      };
    }
    case 'record': {
      // `z.record(z.string(), value)`: any string key, so only the values need checking.
      const key = definition.keyType && definitionOf(definition.keyType);
      const value = definition.valueType && compileRecordCheck(definition.valueType);
      if (refined || key?.type !== 'string' || (key.checks?.length ?? 0) > 0 || !value) return undefined;
      return (candidate) => {
        if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return false;
        for (const key in candidate) {
          if (!Object.hasOwn(candidate, key)) continue;
          // zod's copy drops an own `__proto__` key (JSON.parse makes one): that record is zod's to parse.
          if (key === '__proto__') return false;
          if (!value((candidate as Record<string, unknown>)[key])) return false;
        }
        return true;
      };
    }
    case 'object': {
      // Only an object that keeps unknown keys comes out of zod equal to what went in.
      const catchall = definition.catchall && definitionOf(definition.catchall);
      if (refined || catchall?.type !== 'unknown' || definition.shape === undefined) return undefined;
      const keys: string[] = [];
      const checks: RecordCheck[] = [];
      const types: (InlineType | undefined)[] = [];
      for (const [key, field] of Object.entries(definition.shape)) {
        const check = compileRecordCheck(field);
        if (!check) return undefined;
        keys.push(key);
        checks.push(check);
        types.push(inlineTypes.get(check));
      }
      // Indexed loops: this runs for every record of every page, and destructuring in `for…of`
      // goes through the iterator protocol each time. A field of a plain type is tested here
      // rather than through its check: the call per field was half the cost of checking a task
      // record (about 70 ns of 100 in a micro-benchmark of 200,000 parsed records).
      const count = keys.length;
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const record = value as Record<string, unknown>;
        for (let index = 0; index < count; index += 1) {
          const field = record[keys[index] as string];
          const type = types[index];
          if (type === undefined) {
            if (!(checks[index] as RecordCheck)(field)) return false;
          } else if (
            typeof field !== type.type &&
            !(field === null ? type.orNull : field === undefined && type.orUndefined)
          ) {
            return false;
          }
        }
        return true;
      };
    }
    default:
      return undefined;
  }
}
