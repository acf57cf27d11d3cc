import { randomUUID } from 'node:crypto';
import { writeStrategy } from './connection-sync-modes';
import type { JobStreamPayload } from './job-engine';
import { type ColumnPlan, dedupeByKey, planColumns, typedRow } from './table-columns';

/** What a warehouse writer needs to know about the job it writes for. */
export interface WarehouseWriteContext {
  jobId: number;
  /** Simulated time the records were extracted, for `_airbyte_extracted_at`. */
  extractedAt: number;
  generationId: number;
  /** `clear` empties the tables instead of writing records. */
  kind: 'sync' | 'clear';
}

/** A stream's rows, ready for a warehouse. */
export interface PreparedStream {
  schema: string;
  table: string;
  columns: ColumnPlan[];
  strategy: 'overwrite' | 'append' | 'dedup';
  /** Columns of the primary key (dedup only). */
  keyColumns: string[];
  /** One object per row: meta columns first, then data columns; JSON values left unserialized. */
  rows: Array<Record<string, unknown>>;
}

/**
 * Turns a job stream into typed rows with the platform's metadata columns (`_airbyte_raw_id`,
 * `_airbyte_extracted_at`, `_airbyte_meta`, `_airbyte_generation_id`). Deduplicating modes keep
 * only the last record per primary key.
 *
 * @example
 * ```ts
 * const prepared = prepareStream(stream, { jobId: 1, extractedAt: Date.now(), generationId: 0, kind: 'sync' });
 * prepared.rows[0]?._airbyte_raw_id; // a UUID
 * ```
 */
export function prepareStream(
  stream: JobStreamPayload,
  context: WarehouseWriteContext,
  maxIdentifierLength?: number,
): PreparedStream {
  const strategy = writeStrategy(stream.syncMode);
  const keep = stream.selectedFields
    ? [
        ...new Set([
          ...stream.selectedFields,
          ...stream.primaryKey.map((path) => path[0] as string),
          ...stream.cursorField.slice(0, 1),
        ]),
      ]
    : undefined;
  const columns = planColumns(stream.jsonSchema, keep, maxIdentifierLength);
  const keyColumns = stream.primaryKey
    .map((path) => columns.find((column) => column.field === path[0])?.name)
    .filter((name): name is string => name !== undefined);
  const records =
    context.kind === 'clear'
      ? []
      : strategy === 'dedup'
        ? dedupeByKey(stream.records, stream.primaryKey)
        : stream.records;
  const extractedAt = new Date(context.extractedAt).toISOString();
  const rows = records.map((record) => {
    const { values, meta } = typedRow(record, columns, context.jobId);
    return {
      _airbyte_raw_id: randomUUID(),
      _airbyte_extracted_at: extractedAt,
      _airbyte_meta: meta,
      _airbyte_generation_id: context.generationId,
      ...values,
    };
  });
  return { schema: stream.schemaName, table: stream.tableName, columns, strategy, keyColumns, rows };
}
