import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { ConduitError } from '@conduit/protocol';
import type { CloudWrittenTable, JobStreamPayload } from './job-engine';
import type { ColumnKind } from './table-columns';
import { type PreparedStream, prepareStream, type WarehouseWriteContext } from './warehouse-rows';

/** The subset of a DuckDB connection the writer uses. */
interface DuckConnection {
  run(sql: string): Promise<unknown>;
  createAppender(table: string): Promise<DuckAppender>;
  closeSync(): void;
}

/** The subset of a DuckDB appender the writer uses. */
interface DuckAppender {
  appendVarchar(value: string): void;
  appendNull(): void;
  endRow(): void;
  closeSync(): void;
}

const sqlType: Record<ColumnKind, string> = {
  string: 'VARCHAR',
  integer: 'BIGINT',
  number: 'DOUBLE',
  boolean: 'BOOLEAN',
  timestamptz: 'TIMESTAMPTZ',
  timestamp: 'TIMESTAMP',
  date: 'DATE',
  json: 'JSON',
};

const metaDefinitions: Array<[string, string]> = [
  ['_airbyte_raw_id', 'VARCHAR'],
  ['_airbyte_extracted_at', 'TIMESTAMPTZ'],
  ['_airbyte_meta', 'JSON'],
  ['_airbyte_generation_id', 'BIGINT'],
];

/**
 * The temporary table a stream's rows are appended to as text before they are cast into their
 * table: a multi-row `VALUES` list of bound parameters makes DuckDB bind thousands of parameters per
 * statement, which took seconds per thousand rows; the appender takes them in milliseconds.
 */
const staging = 'conduit_staging';

/**
 * True for a `destination_path` that addresses MotherDuck (`md:…`, `motherduck:…`) rather than
 * a local file; the simulator accepts such destinations but never writes to them.
 *
 * @example
 * ```ts
 * isMotherDuckPath('md:my_db'); // true
 * ```
 */
export function isMotherDuckPath(path: string): boolean {
  return /^(md|motherduck):/i.test(path);
}

/**
 * Resolves a DuckDB `destination_path` the way the destination does on a self-managed
 * deployment: `/local/…` lives under the local root (default `<tmpdir>/airbyte_local`), other
 * absolute paths are used as they are, and relative paths are taken from the local root.
 *
 * @example
 * ```ts
 * resolveDuckDbPath('/local/out.duckdb', '/srv/airbyte'); // '/srv/airbyte/out.duckdb'
 * ```
 */
export function resolveDuckDbPath(path: string, localRoot: string | undefined): string {
  const root = localRoot ?? join(tmpdir(), 'airbyte_local');
  if (path.startsWith('/local/')) return join(root, path.slice('/local/'.length));
  return isAbsolute(path) ? path : join(root, path);
}

/**
 * Writes a job's streams into a DuckDB file with the same table layout as the PostgreSQL
 * writer (schema default `main`). `@duckdb/node-api` is loaded only now, so it stays an
 * optional peer dependency. The file is closed afterwards, so tests can open it at once.
 *
 * @example
 * ```ts
 * await writeDuckDb({ destination_path: '/tmp/x/out.duckdb' }, streams, context, undefined);
 * ```
 */
export async function writeDuckDb(
  configuration: Record<string, unknown>,
  streams: readonly JobStreamPayload[],
  context: WarehouseWriteContext,
  localRoot: string | undefined,
): Promise<CloudWrittenTable[]> {
  const rawPath = typeof configuration.destination_path === 'string' ? configuration.destination_path : '';
  if (rawPath === '') {
    throw new ConduitError('The DuckDB destination has no destination_path.', {
      code: 'invalid_configuration',
    });
  }
  if (isMotherDuckPath(rawPath)) return [];
  const path = resolveDuckDbPath(rawPath, localRoot);
  await mkdir(dirname(path), { recursive: true });
  let duckdb: typeof import('@duckdb/node-api');
  try {
    duckdb = await import('@duckdb/node-api');
  } catch (error) {
    throw new ConduitError(
      'Simulating a DuckDB destination needs the optional peer dependency `@duckdb/node-api`.',
      {
        code: 'missing_dependency',
        cause: error,
      },
    );
  }
  const instance = await duckdb.DuckDBInstance.create(path);
  const connection = (await instance.connect()) as unknown as DuckConnection;
  const written: CloudWrittenTable[] = [];
  try {
    for (const stream of streams) {
      const prepared = prepareStream(stream, context);
      await connection.run('BEGIN TRANSACTION');
      try {
        await writeStream(connection, prepared, context.kind);
        await connection.run('COMMIT');
      } catch (error) {
        await connection.run('ROLLBACK');
        throw error;
      }
      written.push({ schema: prepared.schema, table: prepared.table, rows: prepared.rows.length });
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return written;
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

async function writeStream(
  connection: DuckConnection,
  prepared: PreparedStream,
  kind: 'sync' | 'clear',
): Promise<void> {
  const schema = quote(prepared.schema);
  const table = `${schema}.${quote(prepared.table)}`;
  const definitions = [
    ...metaDefinitions,
    ...prepared.columns.map((column): [string, string] => [column.name, sqlType[column.kind]]),
  ];
  const createColumns = definitions.map(([name, type]) => `${quote(name)} ${type}`).join(', ');
  await connection.run(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  if (kind === 'clear') {
    await connection.run(`CREATE TABLE IF NOT EXISTS ${table} (${createColumns})`);
    await connection.run(`DELETE FROM ${table}`);
    return;
  }
  if (prepared.strategy === 'overwrite') {
    await connection.run(`CREATE OR REPLACE TABLE ${table} (${createColumns})`);
  } else {
    await connection.run(`CREATE TABLE IF NOT EXISTS ${table} (${createColumns})`);
    for (const [name, type] of definitions) {
      await connection.run(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${quote(name)} ${type}`);
    }
  }
  const columnList = definitions.map(([name]) => quote(name)).join(', ');
  if (prepared.rows.length === 0) return;
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE ${staging} (${definitions.map((_, index) => `s${index} VARCHAR`).join(', ')})`,
  );
  const appender = await connection.createAppender(staging);
  try {
    for (const row of prepared.rows) {
      for (const [name] of definitions) {
        const value = serialize(row[name]);
        if (value === null) appender.appendNull();
        else appender.appendVarchar(value);
      }
      appender.endRow();
    }
  } finally {
    appender.closeSync();
  }
  // The same casts from text as the column types, for the key match and for the insert.
  const cast = (index: number) => `CAST(incoming.s${index} AS ${definitions[index]![1]})`;
  if (prepared.strategy === 'dedup' && prepared.keyColumns.length > 0) {
    const match = prepared.keyColumns
      .map((name) => {
        const index = definitions.findIndex(([column]) => column === name);
        return `${table}.${quote(name)} IS NOT DISTINCT FROM ${index === -1 ? 'NULL' : cast(index)}`;
      })
      .join(' AND ');
    await connection.run(
      `DELETE FROM ${table} WHERE EXISTS (SELECT 1 FROM ${staging} AS incoming WHERE ${match})`,
    );
  }
  await connection.run(
    `INSERT INTO ${table} (${columnList}) SELECT ${definitions.map((_, index) => cast(index)).join(', ')} FROM ${staging} AS incoming`,
  );
  await connection.run(`DROP TABLE ${staging}`);
}

function serialize(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
