import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { StoreRefusedError } from '../errors/store-refused-error';
import { StoreUnavailableError } from '../errors/store-unavailable-error';
import { copyTextChunks } from './copy-text';
import type { SqlDatabase, SqlExecutor, SqlValue } from './sql-database';

/** Options of the PostgreSQL driver. */
export interface PostgresDatabaseOptions {
  /** `postgres://user:password@host:port/database`. */
  connectionString: string;
  /**
   * The schema every table lives in (created by the first migration run). Lets several
   * deployments, or test runs, share one database. Defaults to the server's `search_path`.
   */
  schema?: string;
  /** Connections in the pool. Default 10. */
  poolSize?: number;
  /** How long to wait for a connection before answering 503, in ms. Default 5000. */
  connectTimeoutMs?: number;
  /** Server-side limit of one statement, in ms. Default 30000. */
  statementTimeoutMs?: number;
  /** Told about errors of idle pooled connections (which would otherwise crash the process). */
  onBackgroundError?: (error: Error) => void;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/** SQLSTATEs meaning the server cannot serve now: connection exceptions, shutdown, resources. */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || // connection_exception
    code.startsWith('53') || // insufficient_resources, too_many_connections
    code === '57P01' || // admin_shutdown
    code === '57P02' || // crash_shutdown
    code === '57P03' // cannot_connect_now
  );
}

/**
 * SQLSTATEs meaning the server answered and said no to these connection settings: an unknown role
 * or a wrong password (class 28), a database that does not exist (3D000).
 */
function isRefusedSqlState(code: string): boolean {
  return code.startsWith('28') || code === '3D000';
}

function translateError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  const message = error.message;
  if (typeof code === 'string' && isRefusedSqlState(code)) {
    return new StoreRefusedError('the database refused the connection', { cause: error });
  }
  const unavailable =
    (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) ||
    /timeout exceeded when trying to connect|Connection terminated|after calling end on the pool|Client has encountered a connection error/i.test(
      message,
    );
  return unavailable ? new StoreUnavailableError('the database is unreachable', { cause: error }) : error;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The shared store's driver: a `pg` connection pool. Every piece of state that matters lives in the
 * database, so any number of server processes can use one database at once.
 *
 * @example
 * ```ts
 * const db = new PostgresDatabase({ connectionString: 'postgres://postgres@127.0.0.1:5432/conduit' });
 * await db.ping();
 * ```
 */
export class PostgresDatabase implements SqlDatabase {
  readonly dialect = 'postgres' as const;
  readonly schema: string | undefined;
  readonly #pool: pg.Pool;
  readonly #poolSize: number;
  #closed: Promise<void> | undefined;

  constructor(options: PostgresDatabaseOptions) {
    this.schema = options.schema;
    this.#poolSize = options.poolSize ?? 10;
    // Creating a pool opens no connection: the first query does, so a server can start (and answer
    // /readyz with 503) while the database is still down.
    this.#pool = new pg.Pool({
      connectionString: options.connectionString,
      max: this.#poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      application_name: 'conduit-server',
      ...(options.schema === undefined
        ? {}
        : { options: `-c search_path=${quoteIdentifier(options.schema).replaceAll(' ', '\\ ')}` }),
    });
    const report = options.onBackgroundError ?? (() => {});
    this.#pool.on('error', (error) => report(error));
  }

  /** Connections open, idle and queries waiting for one, as `pg` counts them. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } {
    return {
      total: this.#pool.totalCount,
      idle: this.#pool.idleCount,
      waiting: this.#pool.waitingCount,
      max: this.#poolSize,
    };
  }

  async query<Row extends object = Record<string, unknown>>(
    sql: string,
    params: readonly SqlValue[] = [],
  ): Promise<Row[]> {
    try {
      const result = await this.#pool.query(sql, toPgParams(params));
      return result.rows as Row[];
    } catch (error) {
      throw translateError(error);
    }
  }

  async execute(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    try {
      const result = await this.#pool.query(sql, toPgParams(params));
      return result.rowCount ?? 0;
    } catch (error) {
      throw translateError(error);
    }
  }

  async runScript(script: string): Promise<void> {
    try {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await this.#pool.query(script);
    } catch (error) {
      throw translateError(error);
    }
  }

  async copyRows(
    table: string,
    columns: readonly string[],
    rows: Iterable<readonly SqlValue[]>,
  ): Promise<number> {
    const client = await this.#connect();
    let broken = false;
    try {
      return await copyInto(client, table, columns, rows);
    } catch (error) {
      // A COPY cut off half-way leaves the connection's protocol state unknown: do not reuse it.
      broken = true;
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.#connect();
    const tx = executorOf(client);
    let broken = false;
    try {
      await tx.execute('BEGIN');
      try {
        const result = await work(tx);
        await tx.execute('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          // A connection that cannot roll back must not go back into the pool.
          broken = true;
        }
        throw error;
      }
    } finally {
      client.release(broken);
    }
  }

  async withMigrationLock<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.#connect();
    const lock = executorOf(client);
    // A session-level advisory lock, keyed by schema, held on one dedicated connection while the
    // migrations run on others: a second process starting at the same moment waits here.
    const lockKey = this.schema ?? 'public';
    let broken = false;
    try {
      if (this.schema !== undefined) {
        await lock.runScript(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(this.schema)}`).catch((error) => {
          // Two processes may race to create the schema; the loser sees a unique violation or
          // duplicate_schema even with IF NOT EXISTS.
          const code = (error as { code?: unknown }).code;
          if (code !== '23505' && code !== '42P06') throw error;
        });
      }
      await lock.query('SELECT pg_advisory_lock(781203, hashtext($1))', [lockKey]);
      try {
        return await work();
      } finally {
        await lock.query('SELECT pg_advisory_unlock(781203, hashtext($1))', [lockKey]).catch(() => {
          broken = true;
        });
      }
    } finally {
      client.release(broken);
    }
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1 AS ok');
  }

  close(): Promise<void> {
    this.#closed ??= this.#pool.end().catch(() => {});
    return this.#closed;
  }

  async #connect(): Promise<pg.PoolClient> {
    if (this.#closed) throw new StoreUnavailableError('the database is closed');
    try {
      return await this.#pool.connect();
    } catch (error) {
      throw translateError(error);
    }
  }
}

function toPgParams(params: readonly SqlValue[]): unknown[] {
  return params.map((value) => (typeof value === 'bigint' ? value.toString() : (value ?? null)));
}

async function copyInto(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly SqlValue[]>,
): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  try {
    await pipeline(Readable.from(copyTextChunks(rows)), stream);
  } catch (error) {
    throw translateError(error);
  }
  return stream.rowCount;
}

function executorOf(client: pg.PoolClient): SqlExecutor {
  return {
    copyRows: (table, columns, rows) => copyInto(client, table, columns, rows),
    async query<Row extends object>(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
      try {
        return (await client.query(sql, toPgParams(params))).rows as Row[];
      } catch (error) {
        throw translateError(error);
      }
    },
    async execute(sql: string, params: readonly SqlValue[] = []): Promise<number> {
      try {
        return (await client.query(sql, toPgParams(params))).rowCount ?? 0;
      } catch (error) {
        throw translateError(error);
      }
    },
    async runScript(script: string): Promise<void> {
      try {
        await client.query(script);
      } catch (error) {
        throw translateError(error);
      }
    },
  };
}
