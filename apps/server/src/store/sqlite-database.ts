import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { StoreUnavailableError } from '../errors/store-unavailable-error';
import type { SqlDatabase, SqlExecutor, SqlValue } from './sql-database';

/** SQLite result codes (primary, low byte) that mean "the store cannot serve now", not "bad statement". */
const UNAVAILABLE_CODES = new Set([
  5, // SQLITE_BUSY
  6, // SQLITE_LOCKED
  7, // SQLITE_NOMEM
  8, // SQLITE_READONLY
  10, // SQLITE_IOERR
  11, // SQLITE_CORRUPT
  13, // SQLITE_FULL
  14, // SQLITE_CANTOPEN
  26, // SQLITE_NOTADB
]);

const STATEMENT_CACHE_SIZE = 256;

/**
 * Rewrites `$1`-style placeholders to SQLite's `?1`, leaving string literals, quoted identifiers and
 * comments alone, so repositories can share one SQL text between the dialects.
 *
 * @example
 * ```ts
 * toSqlitePlaceholders("SELECT * FROM t WHERE a = $1 AND b = '$2'"); // "SELECT * FROM t WHERE a = ?1 AND b = '$2'"
 * ```
 */
export function toSqlitePlaceholders(sql: string): string {
  let out = '';
  let index = 0;
  while (index < sql.length) {
    const char = sql[index]!;
    if (char === "'" || char === '"') {
      const end = sql.indexOf(char, index + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(index, stop);
      index = stop;
    } else if (char === '-' && sql[index + 1] === '-') {
      const end = sql.indexOf('\n', index);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(index, stop);
      index = stop;
    } else if (char === '$' && /[0-9]/.test(sql[index + 1] ?? '')) {
      out += '?';
      index += 1;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

function toSqliteValue(value: SqlValue): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

function translateError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { errcode, code } = error as { errcode?: unknown; code?: unknown };
  const closed = code === 'ERR_INVALID_STATE';
  const unavailable = typeof errcode === 'number' && UNAVAILABLE_CODES.has(errcode & 0xff);
  if (closed || unavailable) {
    return new StoreUnavailableError(closed ? 'the database is closed' : 'the database file is unavailable', {
      cause: error,
    });
  }
  return error;
}

/**
 * The embedded store's driver: one `node:sqlite` connection to a file, in WAL mode. Statements run
 * synchronously underneath; transactions are serialised so that no other request's statement can
 * land inside an open transaction while its work awaits.
 *
 * @example
 * ```ts
 * const db = await SqliteDatabase.open('/var/lib/conduit/conduit.db');
 * await db.query('SELECT 1');
 * ```
 */
export class SqliteDatabase implements SqlDatabase {
  readonly dialect = 'sqlite' as const;
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  /** Settles when the last queued transaction has finished. */
  #transactionTail: Promise<void> = Promise.resolve();
  #transactionOpen = false;
  #closed = false;

  private constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /**
   * Opens (creating if needed) the database file and sets the pragmas the server relies on.
   *
   * @param path a file path, or `:memory:` for a throwaway database
   */
  static async open(path: string): Promise<SqliteDatabase> {
    // Loaded on demand: the module is only needed on the embedded store, and importing it has side
    // effects (an experimental-feature warning on some Node versions).
    const { DatabaseSync: Database } = await import('node:sqlite');
    let db: DatabaseSync;
    try {
      db = new Database(path, { enableForeignKeyConstraints: true, timeout: 5000 });
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = NORMAL');
      // Deleted connectors' ciphertexts and synced records are overwritten, not left in free pages.
      db.exec('PRAGMA secure_delete = ON');
    } catch (error) {
      throw new StoreUnavailableError(`cannot open the SQLite database at ${path}`, { cause: error });
    }
    return new SqliteDatabase(db);
  }

  async query<Row extends object = Record<string, unknown>>(
    sql: string,
    params: readonly SqlValue[] = [],
  ): Promise<Row[]> {
    await this.#outsideTransactions();
    return this.#all<Row>(sql, params);
  }

  async execute(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    await this.#outsideTransactions();
    return this.#run(sql, params);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const previous = this.#transactionTail;
    let release!: () => void;
    this.#transactionTail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#transactionOpen = true;
    const tx: SqlExecutor = {
      query: async <Row extends object>(sql: string, params: readonly SqlValue[] = []) =>
        this.#all<Row>(sql, params),
      execute: async (sql: string, params: readonly SqlValue[] = []) => this.#run(sql, params),
      runScript: async (script: string) => this.#exec(script),
    };
    try {
      this.#exec('BEGIN IMMEDIATE');
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        if (this.#db.isOpen && this.#db.isTransaction) this.#exec('ROLLBACK');
        throw error;
      }
      this.#exec('COMMIT');
      return result;
    } finally {
      this.#transactionOpen = false;
      release();
    }
  }

  async withMigrationLock<T>(work: () => Promise<T>): Promise<T> {
    // One process owns the file; each migration runs in a `BEGIN IMMEDIATE` transaction, which
    // already excludes any other writer of the same file.
    return work();
  }

  async runScript(script: string): Promise<void> {
    await this.#outsideTransactions();
    this.#exec(script);
  }

  /**
   * Registers a deterministic SQL function implemented in JavaScript on the connection (the search
   * feature's word and JSON-path functions). Registering a name again replaces it.
   *
   * @example
   * ```ts
   * db.defineFunction('word_count', (text) => (typeof text === 'string' ? text.split(/\s+/).length : 0));
   * ```
   */
  defineFunction(name: string, fn: (...args: SQLOutputValue[]) => SQLInputValue): void {
    if (!this.#db.isOpen) throw new StoreUnavailableError('the database is closed');
    this.#db.function(name, { deterministic: true, varargs: true }, fn);
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1 AS ok');
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#transactionTail;
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }

  async #outsideTransactions(): Promise<void> {
    while (this.#transactionOpen) await this.#transactionTail;
  }

  #prepare(sql: string): StatementSync {
    if (!this.#db.isOpen) throw new StoreUnavailableError('the database is closed');
    let statement = this.#statements.get(sql);
    if (statement) {
      // Re-insert so the map's order approximates least-recently-used.
      this.#statements.delete(sql);
      this.#statements.set(sql, statement);
      return statement;
    }
    statement = this.#db.prepare(toSqlitePlaceholders(sql));
    this.#statements.set(sql, statement);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return statement;
  }

  #all<Row>(sql: string, params: readonly SqlValue[]): Row[] {
    try {
      return this.#prepare(sql).all(...params.map(toSqliteValue)) as Row[];
    } catch (error) {
      throw translateError(error);
    }
  }

  #run(sql: string, params: readonly SqlValue[]): number {
    try {
      return Number(this.#prepare(sql).run(...params.map(toSqliteValue)).changes);
    } catch (error) {
      throw translateError(error);
    }
  }

  #exec(sql: string): void {
    if (!this.#db.isOpen) throw new StoreUnavailableError('the database is closed');
    try {
      this.#db.exec(sql);
    } catch (error) {
      throw translateError(error);
    }
  }
}
