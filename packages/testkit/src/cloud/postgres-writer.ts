import { ConduitError } from '@conduit/protocol';
import type { ClientConfig } from 'pg';
import type { CloudWrittenTable, JobStreamPayload } from './job-engine';
import type { ColumnKind } from './table-columns';
import { postgresIdentifierLimit } from './table-naming';
import { type PreparedStream, prepareStream, type WarehouseWriteContext } from './warehouse-rows';

/** The subset of a `pg` client the writer uses. */
interface PgClient {
  connect(): Promise<void>;
  query(text: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: unknown[] }>;
  end(): Promise<void>;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1']);
const batchSize = 1_000;

const sqlType: Record<ColumnKind, string> = {
  string: 'varchar',
  integer: 'bigint',
  number: 'numeric',
  boolean: 'boolean',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  date: 'date',
  json: 'jsonb',
};

const metaDefinitions: Array<[string, string]> = [
  ['_airbyte_raw_id', 'varchar(36)'],
  ['_airbyte_extracted_at', 'timestamp with time zone'],
  ['_airbyte_meta', 'jsonb'],
  ['_airbyte_generation_id', 'bigint'],
];

/**
 * Quotes a PostgreSQL identifier.
 *
 * @example
 * ```ts
 * quotePostgresIdentifier('users'); // '"users"'
 * ```
 */
export function quotePostgresIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Opens a `pg` client for a destination configuration (`host`, `port`, `database`, `username`,
 * `password`). `pg` is loaded only now, so users who never simulate PostgreSQL need not install
 * it. Only loopback hosts are accepted: the simulator never reaches the network.
 *
 * @example
 * ```ts
 * const client = await openPostgres({ host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres' });
 * ```
 */
export async function openPostgres(configuration: Record<string, unknown>): Promise<PgClient> {
  const host = typeof configuration.host === 'string' ? configuration.host : '';
  if (!loopbackHosts.has(host)) {
    throw new ConduitError(
      `The simulator only writes to PostgreSQL on the loopback interface (127.0.0.1); got host '${host}'.`,
      { code: 'destination_unreachable' },
    );
  }
  const port =
    typeof configuration.port === 'number' ? configuration.port : Number(configuration.port ?? 5432);
  let module: typeof import('pg');
  try {
    module = await import('pg');
  } catch (error) {
    throw new ConduitError('Simulating a PostgreSQL destination needs the optional peer dependency `pg`.', {
      code: 'missing_dependency',
      cause: error,
    });
  }
  // pg is CommonJS: under Node's ESM loader its API sits on `default`.
  const pg = module.default ?? module;
  const options: ClientConfig = {
    host,
    port: Number.isFinite(port) ? port : 5432,
    connectionTimeoutMillis: 5_000,
    ...(typeof configuration.database === 'string' ? { database: configuration.database } : {}),
    ...(typeof configuration.username === 'string' ? { user: configuration.username } : {}),
    ...(typeof configuration.password === 'string' ? { password: configuration.password } : {}),
  };
  const client = new pg.Client(options) as unknown as PgClient;
  await client.connect();
  return client;
}

/**
 * Writes a job's streams into PostgreSQL final tables, one transaction per stream: the
 * configured schema is created if needed, and each table is replaced (overwrite), appended to,
 * or upserted by primary key (dedup). A `clear` job empties the tables.
 *
 * @example
 * ```ts
 * await writePostgres({ host: '127.0.0.1', database: 'test', username: 'postgres', schema: 'public' }, streams, context);
 * ```
 */
export async function writePostgres(
  configuration: Record<string, unknown>,
  streams: readonly JobStreamPayload[],
  context: WarehouseWriteContext,
): Promise<CloudWrittenTable[]> {
  const client = await openPostgres(configuration);
  const written: CloudWrittenTable[] = [];
  try {
    for (const stream of streams) {
      const prepared = prepareStream(stream, context, postgresIdentifierLimit);
      await client.query('BEGIN');
      try {
        await writeStream(client, prepared, context.kind);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      written.push({ schema: prepared.schema, table: prepared.table, rows: prepared.rows.length });
    }
  } finally {
    await client.end();
  }
  return written;
}

async function writeStream(
  client: PgClient,
  prepared: PreparedStream,
  kind: 'sync' | 'clear',
): Promise<void> {
  const schema = quotePostgresIdentifier(prepared.schema);
  const table = `${schema}.${quotePostgresIdentifier(prepared.table)}`;
  const definitions = [
    ...metaDefinitions,
    ...prepared.columns.map((column): [string, string] => [column.name, sqlType[column.kind]]),
  ];
  const createColumns = definitions
    .map(
      ([name, type]) =>
        `${quotePostgresIdentifier(name)} ${type}${name === '_airbyte_generation_id' ? '' : name.startsWith('_airbyte_') ? ' NOT NULL' : ''}`,
    )
    .join(', ');
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  if (kind === 'clear') {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table} (${createColumns})`);
    await client.query(`TRUNCATE TABLE ${table}`);
    return;
  }
  if (prepared.strategy === 'overwrite') {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.query(`CREATE TABLE ${table} (${createColumns})`);
  } else {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table} (${createColumns})`);
    // A schema that gained fields since the last sync gains columns; old rows keep NULLs there.
    for (const [name, type] of definitions) {
      await client.query(
        `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${quotePostgresIdentifier(name)} ${type}`,
      );
    }
  }
  const columnList = definitions.map(([name]) => quotePostgresIdentifier(name)).join(', ');
  const recordType = definitions.map(([name, type]) => `${quotePostgresIdentifier(name)} ${type}`).join(', ');
  for (let start = 0; start < prepared.rows.length; start += batchSize) {
    const batch = JSON.stringify(prepared.rows.slice(start, start + batchSize));
    if (prepared.strategy === 'dedup' && prepared.keyColumns.length > 0) {
      const keyType = prepared.keyColumns
        .map(
          (name) =>
            `${quotePostgresIdentifier(name)} ${definitions.find(([column]) => column === name)?.[1] ?? 'varchar'}`,
        )
        .join(', ');
      const match = prepared.keyColumns
        .map(
          (name) =>
            `${table}.${quotePostgresIdentifier(name)} IS NOT DISTINCT FROM incoming.${quotePostgresIdentifier(name)}`,
        )
        .join(' AND ');
      await client.query(
        `DELETE FROM ${table} USING jsonb_to_recordset($1::jsonb) AS incoming(${keyType}) WHERE ${match}`,
        [batch],
      );
    }
    await client.query(
      `INSERT INTO ${table} (${columnList}) SELECT ${columnList} FROM jsonb_to_recordset($1::jsonb) AS incoming(${recordType})`,
      [batch],
    );
  }
}
