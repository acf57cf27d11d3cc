import type { ActionDefinition } from '@conduit/protocol';
import * as z from 'zod';
import { parseUpstream } from './parse-upstream';
import { readAt } from './read-at';
import { compileRecordCheck, type RecordCheck } from './record-check';
import { applyRecordDefaults, fillRecordDefaults } from './record-defaults';

const recordChecks = new WeakMap<object, RecordCheck | null>();

/** The compiled check of an action's record, or `null` when its schema needs zod. */
function recordCheckOf(action: ActionDefinition): RecordCheck | null {
  let check = recordChecks.get(action);
  if (check === undefined) {
    check = compileRecordCheck(action.record) ?? null;
    recordChecks.set(action, check);
  }
  return check;
}

/** `{a: {b: schema}}` for the dotted path `a.b`, so zod's issues name the field in the body. */
function nest(path: string, schema: z.ZodType): z.ZodType {
  if (path === '') return schema;
  return path.split('.').reduceRight<z.ZodType>((inner, key) => z.object({ [key]: inner }), schema);
}

// An action's defaults are one object for all its pages: their keys are listed once.
const defaultKeys = new WeakMap<object, readonly string[]>();
function keysOf(defaults: Readonly<Record<string, unknown>>): readonly string[] {
  let keys = defaultKeys.get(defaults);
  if (keys === undefined) {
    keys = Object.keys(defaults);
    defaultKeys.set(defaults, keys);
  }
  return keys;
}

const schemas = new WeakMap<object, Map<string, z.ZodType>>();
function cachedSchema(action: ActionDefinition, key: string, build: () => z.ZodType): z.ZodType {
  let byKey = schemas.get(action);
  if (!byKey) {
    byKey = new Map();
    schemas.set(action, byKey);
  }
  let schema = byKey.get(key);
  if (!schema) {
    schema = build();
    byKey.set(key, schema);
  }
  return schema;
}

/**
 * The records of an upstream list page at `recordsAt`, given the `defaults` they lack (see
 * `applyRecordDefaults`), as the action's record schema accepts them. A page whose records
 * certainly match is used as it came: zod would only copy every record (most of the cost of a
 * 100-record page). Anything else goes through zod, which rejects it with the usual issues.
 * Defaults and the check run in one pass over the records: this runs for every page of a walk.
 *
 * @example
 * ```ts
 * const records = parseRecords(action, body, 'data', '/tasks', { resource_type: 'task' });
 * ```
 */
export function parseRecords(
  action: ActionDefinition,
  body: unknown,
  recordsAt: string,
  what: string,
  defaults?: Readonly<Record<string, unknown>>,
): unknown[] {
  const records = readAt(body, recordsAt);
  if (Array.isArray(records)) {
    const check = recordCheckOf(action);
    const keys = defaults === undefined ? undefined : keysOf(defaults);
    let valid = check !== null;
    for (let index = 0; index < records.length; index += 1) {
      const record: unknown = records[index];
      if (keys !== undefined) fillRecordDefaults(record, keys, defaults as Record<string, unknown>);
      // Once a record fails, the rest only get their defaults: zod checks the whole page below.
      if (valid && !(check as RecordCheck)(record)) valid = false;
    }
    if (valid) return records;
  } else {
    applyRecordDefaults(body, recordsAt, defaults);
  }
  const schema = cachedSchema(action, `list:${recordsAt}`, () => nest(recordsAt, z.array(action.record)));
  return readAt(parseUpstream(schema, body, what), recordsAt) as unknown[];
}

/**
 * The record of an upstream `get` answer at `recordAt`, checked the same way.
 *
 * @example
 * ```ts
 * const task = parseRecord(action, body, 'data', '/tasks/1');
 * ```
 */
export function parseRecord(
  action: ActionDefinition,
  body: unknown,
  recordAt: string,
  what: string,
): unknown {
  const check = recordCheckOf(action);
  const record = readAt(body, recordAt);
  if (check?.(record)) return record;
  const schema = cachedSchema(action, `get:${recordAt}`, () => nest(recordAt, action.record));
  return readAt(parseUpstream(schema, body, what), recordAt);
}
