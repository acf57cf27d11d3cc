import type { SqlValue } from '../store/sql-database';

/**
 * Collects the values of a statement as it is built and hands out their `$n` placeholders, so
 * every value a caller sent reaches SQL as a bound parameter, never as text.
 *
 * @example
 * ```ts
 * const params = new SqlParams();
 * const sql = `SELECT * FROM t WHERE a = ${params.add('x')} AND b > ${params.add(3)}`;
 * await db.query(sql, params.values);
 * ```
 */
export class SqlParams {
  readonly values: SqlValue[] = [];

  add(value: SqlValue): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Placeholders of several values, comma-separated. */
  list(values: readonly SqlValue[]): string {
    return values.map((value) => this.add(value)).join(', ');
  }
}

/**
 * Splits a list into chunks of at most `size` items (to stay under the stores' limits on bound
 * parameters per statement).
 *
 * @example
 * ```ts
 * chunks([1, 2, 3, 4, 5], 2); // [[1, 2], [3, 4], [5]]
 * ```
 */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
