/**
 * One row as the driver returns it: column name to the driver's native JS value.
 *
 * @example
 * ```ts
 * const row: SqlRow = { id: '1', name: 'Ada' };
 * ```
 */
export type SqlRow = Record<string, unknown>;

/**
 * Options of {@link SqlEngine.stream}.
 *
 * @example
 * ```ts
 * engine.stream('SELECT * FROM users', [], { batchSize: 5_000 });
 * ```
 */
export interface SqlStreamOptions {
  /** Rows fetched from the database per round trip (PostgreSQL cursor) or chunk (DuckDB). */
  batchSize?: number;
  /** Stops the stream; the cursor is closed and the connection released. */
  signal?: AbortSignal;
}

/**
 * A connection handle to a warehouse the platform wrote to, opened by a `WarehouseReader`.
 * Parameters are positional (`$1`, `$2`, … in both PostgreSQL and DuckDB). Values come back as the
 * driver's native types (e.g. PostgreSQL `bigint` as a string, DuckDB `BIGINT` as a `bigint`,
 * timestamps as `Date`). Close it when done: it holds a connection pool or a database file.
 *
 * @example
 * ```ts
 * const engine = await result.getSqlEngine();
 * try {
 *   const [row] = await engine.query<{ n: string }>('SELECT count(*) AS n FROM "public"."users"');
 * } finally {
 *   await engine.close();
 * }
 * ```
 */
export interface SqlEngine {
  /** `postgres`, `duckdb`, or the kind a custom reader reports. */
  readonly dialect: string;
  /** Runs a statement and returns every row (for small results). */
  query<Row extends SqlRow = SqlRow>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a query and yields its rows in constant memory (a server-side cursor, or chunks). */
  stream<Row extends SqlRow = SqlRow>(
    sql: string,
    params?: readonly unknown[],
    options?: SqlStreamOptions,
  ): AsyncIterable<Row>;
  /** Quotes an identifier for this dialect. */
  quoteIdentifier(name: string): string;
  /** Releases the connections; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Quotes an SQL identifier the standard way (PostgreSQL and DuckDB both use it): wrapped in double
 * quotes, inner quotes doubled.
 *
 * @example
 * ```ts
 * quoteSqlIdentifier('my "odd" table'); // '"my ""odd"" table"'
 * ```
 */
export function quoteSqlIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
