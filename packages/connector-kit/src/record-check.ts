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
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
}

function definitionOf(schema: z.ZodType): ZodDefinition | undefined {
  return (schema as unknown as { _zod?: { def?: ZodDefinition } })._zod?.def;
}

/**
 * Compiles a record schema into a check that reads a value without copying it. zod's parse of a
 * `looseObject` builds a copy of every record (and of every nested object), which is most of the
 * cost of validating a large list page, although for these plain shapes the copy equals the
 * input. Supported: `string`, `number`, `boolean` without refinements, `unknown`, `nullable`,
 * `optional`, arrays, and objects that keep unknown keys. Anything else (refinements, transforms,
 * defaults, unions, objects that strip or reject unknown keys) gives `undefined`: parse with zod.
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
      return refined ? undefined : (value) => typeof value === 'string';
    case 'boolean':
      return refined ? undefined : (value) => typeof value === 'boolean';
    case 'number':
      // zod 4 refuses NaN and the infinities.
      return refined ? undefined : (value) => typeof value === 'number' && Number.isFinite(value);
    case 'unknown':
    case 'any':
      return () => true;
    case 'nullable': {
      const inner = definition.innerType && compileRecordCheck(definition.innerType);
      return inner && ((value) => value === null || inner(value));
    }
    case 'optional': {
      const inner = definition.innerType && compileRecordCheck(definition.innerType);
      return inner && ((value) => value === undefined || inner(value));
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
    case 'object': {
      // Only an object that keeps unknown keys comes out of zod equal to what went in.
      const catchall = definition.catchall && definitionOf(definition.catchall);
      if (refined || catchall?.type !== 'unknown' || definition.shape === undefined) return undefined;
      const keys: string[] = [];
      const checks: RecordCheck[] = [];
      for (const [key, field] of Object.entries(definition.shape)) {
        const check = compileRecordCheck(field);
        if (!check) return undefined;
        keys.push(key);
        checks.push(check);
      }
      // Indexed loops: this runs for every record of every page, and destructuring in `for…of`
      // goes through the iterator protocol each time.
      const count = keys.length;
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const record = value as Record<string, unknown>;
        for (let index = 0; index < count; index += 1) {
          if (!(checks[index] as RecordCheck)(record[keys[index] as string])) return false;
        }
        return true;
      };
    }
    default:
      return undefined;
  }
}
