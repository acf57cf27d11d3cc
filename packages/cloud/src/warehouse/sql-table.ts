import { definedOptions } from '@conduit/protocol';
import { PlatformInputError } from '../errors/platform-input-error';
import type { SqlEngine, SqlRow } from './sql-engine';

/**
 * A column of a {@link SqlTable}.
 *
 * @example
 * ```ts
 * const column: SqlColumn = { name: 'id', dataType: 'bigint' };
 * ```
 */
export interface SqlColumn {
  name: string;
  /** The warehouse's own type name (`bigint`, `character varying`, `TIMESTAMP WITH TIME ZONE`, …). */
  dataType: string;
}

/**
 * Options of {@link SqlTable.select}.
 *
 * @example
 * ```ts
 * table.select({ columns: ['id', 'name'], orderBy: ['id'], limit: 10 });
 * ```
 */
export interface SqlSelectOptions {
  /** Columns to read; default all. */
  columns?: readonly string[];
  /** Columns to sort by, ascending. */
  orderBy?: readonly string[];
  /** At most this many rows. */
  limit?: number;
  /** Rows per database round trip or chunk. */
  batchSize?: number;
  signal?: AbortSignal;
}

/**
 * A small handle on one table the platform wrote: its name, schema and database, its columns, and
 * streamed reads. Identifiers are always quoted; values are never interpolated into SQL.
 *
 * @example
 * ```ts
 * const users = await result.getSqlTable('users');
 * console.log(users.qualifiedName, await users.getColumns());
 * for await (const row of users.select({ orderBy: ['id'], limit: 100 })) console.log(row);
 * ```
 */
export class SqlTable {
  readonly name: string;
  readonly schema: string;
  readonly databaseName: string;
  readonly #engine: SqlEngine;

  constructor(engine: SqlEngine, location: { name: string; schema: string; databaseName: string }) {
    this.#engine = engine;
    this.name = location.name;
    this.schema = location.schema;
    this.databaseName = location.databaseName;
  }

  /** `"schema"."table"`, quoted for the engine's dialect. */
  get qualifiedName(): string {
    return `${this.#engine.quoteIdentifier(this.schema)}.${this.#engine.quoteIdentifier(this.name)}`;
  }

  /** The table's columns, in table order. */
  async getColumns(): Promise<SqlColumn[]> {
    const rows = await this.#engine.query<{ column_name: string; data_type: string }>(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
      [this.schema, this.name],
    );
    return rows.map((row) => ({ name: String(row.column_name), dataType: String(row.data_type) }));
  }

  /** How many rows the table holds. */
  async count(): Promise<number> {
    const [row] = await this.#engine.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${this.qualifiedName}`);
    return Number(row?.n ?? 0);
  }

  /** Streams rows, in constant memory. */
  select(options: SqlSelectOptions = {}): AsyncIterable<SqlRow> {
    const quote = (name: string) => this.#engine.quoteIdentifier(name);
    const columns =
      options.columns && options.columns.length > 0 ? options.columns.map(quote).join(', ') : '*';
    const order =
      options.orderBy && options.orderBy.length > 0
        ? ` ORDER BY ${options.orderBy.map(quote).join(', ')}`
        : '';
    if (options.limit !== undefined && (!Number.isInteger(options.limit) || options.limit < 0)) {
      throw new PlatformInputError('limit must be a non-negative integer', {
        field: 'limit',
        inputValue: options.limit,
      });
    }
    const limit = options.limit === undefined ? '' : ` LIMIT ${options.limit}`;
    return this.#engine.stream(
      `SELECT ${columns} FROM ${this.qualifiedName}${order}${limit}`,
      [],
      definedOptions({ batchSize: options.batchSize, signal: options.signal }),
    );
  }
}
