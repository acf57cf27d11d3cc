/** A value a statement parameter may take, in both dialects. */
export type SqlValue = string | number | bigint | boolean | null | Uint8Array | undefined;

/** Which SQL engine a database speaks; migrations and a few statements differ per dialect. */
export type SqlDialect = 'sqlite' | 'postgres';

/**
 * Runs SQL. Statements use PostgreSQL-style numbered placeholders (`$1`, `$2`, …) in both dialects,
 * so repositories are written once; the SQLite driver rewrites them to `?1`, `?2`.
 *
 * Row values come back as the driver gives them: normalise with the helpers of `sql-values.ts`
 * (`toBuffer`, `toIsoTimestamp`, `toNumber`, `toJsonValue`) rather than assuming a type.
 *
 * @example
 * ```ts
 * const rows = await db.query<{ id: string }>('SELECT id FROM connectors WHERE application_id = $1', [appId]);
 * ```
 */
export interface SqlExecutor {
  /** Runs a statement and returns its rows (empty for statements without `RETURNING`). */
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlValue[],
  ): Promise<Row[]>;
  /** Runs a statement and returns the number of rows it changed. */
  execute(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** Runs several statements without parameters, e.g. a migration's DDL. */
  runScript(script: string): Promise<void>;
  /**
   * Bulk-loads rows into `table` with `COPY … FROM STDIN` and returns how many were loaded: one
   * round trip and no statement to parse, far cheaper than an `INSERT` of the same rows. Present
   * on PostgreSQL only (SQLite's in-process inserts have no such overhead to save). `table` and
   * `columns` are trusted identifiers written in the code, never input.
   */
  copyRows?(table: string, columns: readonly string[], rows: Iterable<readonly SqlValue[]>): Promise<number>;
}

/**
 * A connection (pool) to one database: statements, transactions, health and shutdown. The two
 * drivers are `SqliteDatabase` (embedded file) and `PostgresDatabase` (shared server).
 *
 * @example
 * ```ts
 * await db.transaction(async (tx) => {
 *   await tx.execute('DELETE FROM synced_records WHERE connector_id = $1', [id]);
 *   await tx.execute('DELETE FROM connectors WHERE id = $1', [id]);
 * });
 * ```
 */
export interface SqlDatabase extends SqlExecutor {
  readonly dialect: SqlDialect;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Use only
   * the executor it is given inside; the outer database is not part of the transaction.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while holding the database-wide migration lock, so concurrent server processes
   * never apply the same migration twice.
   */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query; throws `StoreUnavailableError` otherwise. */
  ping(): Promise<void>;
  /** Closes every connection; later calls fail with `StoreUnavailableError`. Idempotent. */
  close(): Promise<void>;
  /** The connection pool's counts, for `/metrics`; absent on a driver without a pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}
