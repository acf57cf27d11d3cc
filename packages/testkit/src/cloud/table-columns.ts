import type { JsonSchema, SourceRecord } from './discovered-stream';
import { isPlainObject, primaryType } from './schema-record-generator';
import { normalizeIdentifier } from './table-naming';

/** The warehouse-independent type of a column. */
export type ColumnKind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'timestamptz'
  | 'timestamp'
  | 'date'
  | 'json';

/** A typed column derived from one top-level property of a stream's schema. */
export interface ColumnPlan {
  /** Normalized column name. */
  name: string;
  /** The record field it is read from. */
  field: string;
  kind: ColumnKind;
}

/** The per-record metadata written to `_airbyte_meta`. */
export interface RecordMeta {
  sync_id: number;
  changes: Array<{ field: string; change: 'NULLED'; reason: 'DESTINATION_TYPECAST_ERROR' }>;
}

/** The platform's metadata columns, written before the data columns. */
export const metaColumnNames = [
  '_airbyte_raw_id',
  '_airbyte_extracted_at',
  '_airbyte_meta',
  '_airbyte_generation_id',
] as const;

/**
 * Plans the typed columns of a stream's final table from its JSON schema: strings, integers
 * (`bigint`), numbers, booleans, timestamps with time zone (`format: date-time`), dates, and
 * JSON for objects and arrays. When `selectedFields` is given only those fields are kept.
 *
 * @example
 * ```ts
 * planColumns({ properties: { id: { type: 'integer' }, 'First Name': { type: 'string' } } });
 * // [{ name: 'id', field: 'id', kind: 'integer' }, { name: 'first_name', field: 'First Name', kind: 'string' }]
 * ```
 */
export function planColumns(
  schema: JsonSchema,
  selectedFields?: readonly string[],
  maxLength?: number,
): ColumnPlan[] {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const used = new Set<string>(metaColumnNames);
  const columns: ColumnPlan[] = [];
  for (const [field, definition] of Object.entries(properties)) {
    if (selectedFields && !selectedFields.includes(field)) continue;
    let name = normalizeIdentifier(field, maxLength);
    // Two fields may normalize to the same name; later ones get a numeric suffix.
    for (let suffix = 1; used.has(name); suffix += 1)
      name = `${normalizeIdentifier(field, maxLength)}_${suffix}`;
    used.add(name);
    columns.push({ name, field, kind: columnKind(isPlainObject(definition) ? definition : {}) });
  }
  return columns;
}

function columnKind(schema: JsonSchema): ColumnKind {
  const type = primaryType(schema);
  if (type === 'object' || type === 'array') return 'json';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (schema.format === 'date-time') {
    return schema.airbyte_type === 'timestamp_without_timezone' ? 'timestamp' : 'timestamptz';
  }
  if (schema.format === 'date') return 'date';
  return 'string';
}

/**
 * Converts a record to column values. A value that does not fit its column becomes `null` and
 * is reported in `_airbyte_meta.changes`, as the platform's typing does; JSON columns keep the
 * raw value for the writer to serialize.
 *
 * @example
 * ```ts
 * typedRow({ id: 'x' }, [{ name: 'id', field: 'id', kind: 'integer' }], 7);
 * // { values: { id: null }, meta: { sync_id: 7, changes: [{ field: 'id', change: 'NULLED', reason: 'DESTINATION_TYPECAST_ERROR' }] } }
 * ```
 */
export function typedRow(
  record: SourceRecord,
  columns: readonly ColumnPlan[],
  syncId: number,
): { values: Record<string, unknown>; meta: RecordMeta } {
  const values: Record<string, unknown> = {};
  const meta: RecordMeta = { sync_id: syncId, changes: [] };
  for (const column of columns) {
    const raw = record[column.field];
    if (raw === undefined || raw === null) {
      values[column.name] = null;
      continue;
    }
    const converted = convert(raw, column.kind);
    if (converted === undefined) {
      values[column.name] = null;
      meta.changes.push({ field: column.field, change: 'NULLED', reason: 'DESTINATION_TYPECAST_ERROR' });
    } else {
      values[column.name] = converted;
    }
  }
  return { values, meta };
}

function convert(value: unknown, kind: ColumnKind): unknown {
  switch (kind) {
    case 'json':
      return value;
    case 'integer': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
    }
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return undefined;
    case 'timestamptz':
    case 'timestamp':
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/**
 * Keeps the last record per primary key (later records win, as a deduplicating sync would).
 *
 * @example
 * ```ts
 * dedupeByKey([{ id: 1, v: 'a' }, { id: 1, v: 'b' }], [['id']]); // [{ id: 1, v: 'b' }]
 * ```
 */
export function dedupeByKey(
  records: readonly SourceRecord[],
  primaryKey: readonly string[][],
): SourceRecord[] {
  const byKey = new Map<string, SourceRecord>();
  for (const record of records) {
    byKey.set(JSON.stringify(primaryKey.map((path) => valueAt(record, path))), record);
  }
  return [...byKey.values()];
}

/**
 * Reads a nested value by path.
 *
 * @example
 * ```ts
 * valueAt({ a: { b: 1 } }, ['a', 'b']); // 1
 * ```
 */
export function valueAt(record: SourceRecord, path: readonly string[]): unknown {
  let current: unknown = record;
  for (const part of path) {
    if (!isPlainObject(current)) return undefined;
    current = current[part];
  }
  return current;
}
