import { definedOptions } from '@conduit/protocol';
import { PlatformInputError } from '../errors/platform-input-error';
import { loadOptionalDriver } from './load-optional-driver';
import { normalizeWarehouseName, POSTGRES_IDENTIFIER_LIMIT } from './normalize-warehouse-name';
import { quoteSqlIdentifier, type SqlEngine, type SqlRow, type SqlStreamOptions } from './sql-engine';
import {
  isMaskedSecret,
  type WarehouseDestination,
  type WarehouseReader,
  type WarehouseReaderContext,
} from './warehouse-reader';

/** The part of a `pg` client this reader uses. */
interface PgClientLike {
  query(text: string, values?: unknown[]): Promise<{ rows: SqlRow[] }>;
  release(error?: Error | boolean): void;
}

/** The part of a `pg` pool this reader uses. */
interface PgPoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: SqlRow[] }>;
  connect(): Promise<PgClientLike>;
  end(): Promise<void>;
}

type PgModule = { Pool: new (config: Record<string, unknown>) => PgPoolLike };

const defaultBatchSize = 1_000;
let cursorSequence = 0;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * Reads back from a PostgreSQL destination: connects with the destination's `host`, `port`,
 * `database` and `username`; the password the API masks comes from the workspace's secret
 * resolver, else from `pg`'s own defaults (`PGPASSWORD`, `.pgpass`, or none for trust
 * authentication). Tables live in the destination's `schema` (default `public`); names are
 * normalized and cut at 63 characters as the destination does. Streams use a server-side cursor
 * (`DECLARE … CURSOR` + `FETCH`), so a table of any size is read in constant memory. `pg` is an
 * optional peer dependency, imported on first use.
 *
 * @example
 * ```ts
 * const registry = new WarehouseReaderRegistry().register('postgres', postgresWarehouseReader);
 * ```
 */
export async function postgresWarehouseReader(
  destination: WarehouseDestination,
  context: WarehouseReaderContext,
): Promise<WarehouseReader> {
  const configuration = destination.configuration;
  const host = text(configuration.host);
  const database = text(configuration.database);
  const username = text(configuration.username);
  const missing = [
    ['host', host],
    ['database', database],
    ['username', username],
  ].filter(([, value]) => value === undefined);
  if (missing.length > 0) {
    throw new PlatformInputError(
      `The PostgreSQL destination ${destination.destinationId} lacks ${missing.map(([field]) => field).join(', ')}.`,
      { field: `configuration.${missing[0]?.[0]}` },
    );
  }
  const port = Number(configuration.port ?? 5432);
  const stored = configuration.password;
  const password =
    stored === undefined || stored === null || isMaskedSecret(stored)
      ? await context.resolveSecret('password')
      : String(stored);
  const normalize = (name: string) => normalizeWarehouseName(name, POSTGRES_IDENTIFIER_LIMIT);
  const sslMode = configuration.ssl_mode as { mode?: unknown } | undefined;
  const ssl =
    configuration.ssl === true || (typeof sslMode?.mode === 'string' && sslMode.mode !== 'disable')
      ? { rejectUnauthorized: sslMode?.mode === 'verify-full' || sslMode?.mode === 'verify-ca' }
      : undefined;

  return {
    kind: 'postgres',
    databaseName: database as string,
    defaultSchema: normalize(text(configuration.schema) ?? 'public'),
    normalizeIdentifier: normalize,
    openEngine: async () => {
      const module = await loadOptionalDriver('pg', () => import('pg'));
      // pg is CommonJS: under Node's ESM loader its API sits on `default`.
      const pg = ((module as { default?: PgModule }).default ?? module) as PgModule;
      const pool = new pg.Pool({
        host,
        port: Number.isFinite(port) ? port : 5432,
        database,
        user: username,
        ...definedOptions({ password, ssl }),
        max: 4,
        connectionTimeoutMillis: 10_000,
        // An engine nobody closed must not keep the process alive.
        allowExitOnIdle: true,
      });
      return postgresEngine(pool);
    },
  };
}

function postgresEngine(pool: PgPoolLike): SqlEngine {
  let closed: Promise<void> | undefined;
  return {
    dialect: 'postgres',
    quoteIdentifier: quoteSqlIdentifier,
    async query<Row extends SqlRow = SqlRow>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      return (await pool.query(sql, [...params])).rows as Row[];
    },
    stream<Row extends SqlRow = SqlRow>(
      sql: string,
      params: readonly unknown[] = [],
      options: SqlStreamOptions = {},
    ): AsyncIterable<Row> {
      return {
        async *[Symbol.asyncIterator]() {
          const batchSize = Math.max(1, Math.floor(options.batchSize ?? defaultBatchSize));
          const client = await pool.connect();
          cursorSequence += 1;
          const cursor = quoteSqlIdentifier(`conduit_cursor_${cursorSequence}`);
          let failed: Error | undefined;
          try {
            // A cursor lives in a transaction; READ ONLY also guards against a statement that writes.
            await client.query('BEGIN READ ONLY');
            await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, [...params]);
            for (;;) {
              options.signal?.throwIfAborted();
              const { rows } = await client.query(`FETCH FORWARD ${batchSize} FROM ${cursor}`);
              for (const row of rows) yield row as Row;
              if (rows.length < batchSize) break;
            }
          } catch (error) {
            failed = error instanceof Error ? error : new Error(String(error));
            throw error;
          } finally {
            // Leaving early (break, throw) ends the transaction too, which closes the cursor.
            await client.query(failed ? 'ROLLBACK' : 'COMMIT').catch(() => undefined);
            client.release(failed);
          }
        },
      };
    },
    close: () => {
      closed ??= pool.end();
      return closed;
    },
  };
}
