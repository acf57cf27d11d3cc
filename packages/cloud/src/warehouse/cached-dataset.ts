import type { SqlRow } from './sql-engine';
import type { SqlSelectOptions, SqlTable } from './sql-table';

/**
 * The records of one stream as a finished sync left them in the destination, readable by
 * iteration in constant memory (rows are fetched in batches as the loop consumes them).
 *
 * @example
 * ```ts
 * const users = await result.getDataset('users');
 * for await (const user of users) console.log(user.id, user.name);
 * const table = users.toSqlTable();
 * ```
 */
export class CachedDataset implements AsyncIterable<SqlRow> {
  readonly streamName: string;
  readonly #table: SqlTable;

  constructor(streamName: string, table: SqlTable) {
    this.streamName = streamName;
    this.#table = table;
  }

  /** The table behind the dataset. */
  get tableName(): string {
    return this.#table.name;
  }

  /** Every row, streamed. */
  [Symbol.asyncIterator](): AsyncIterator<SqlRow> {
    return this.#table.select()[Symbol.asyncIterator]();
  }

  /** Rows with a selection, order, limit or batch size of your choosing. */
  rows(options: SqlSelectOptions = {}): AsyncIterable<SqlRow> {
    return this.#table.select(options);
  }

  /** How many records the dataset holds. */
  count(): Promise<number> {
    return this.#table.count();
  }

  /** The dataset as an SQL table handle. */
  toSqlTable(): SqlTable {
    return this.#table;
  }
}
