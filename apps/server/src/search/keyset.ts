import type { SearchDialect, SortComponent } from './search-dialect';
import type { SqlParams } from './sql-params';

/**
 * The keyset condition "comes after `position`" for an ordering by `components` (nulls last in
 * either direction) and then by `idSql` ascending: what a cursor turns into, so a deep page is
 * found by seeking, not by skipping rows. Each component contributes
 * `c IS NULL OR c ≷ v OR (c = v AND rest)`; a null position leaves only later nulls.
 *
 * @example
 * ```ts
 * keysetAfter([{ sql: 'r.due_on', direction: 'asc', nullable: true }], ['2026-05-01'], 'r.record_id', '42', dialect, params);
 * // (r.due_on IS NULL OR r.due_on > $1 OR (r.due_on = $2 AND r.record_id > $3))
 * ```
 */
export function keysetAfter(
  components: readonly SortComponent[],
  position: readonly unknown[],
  idSql: string,
  lastId: string,
  dialect: SearchDialect,
  params: SqlParams,
  from = 0,
): string {
  if (from === components.length) return `${idSql} > ${params.add(lastId)}`;
  const component = components[from]!;
  const value = position[from];
  const rest = keysetAfter(components, position, idSql, lastId, dialect, params, from + 1);
  if (value === null || value === undefined) {
    return component.nullable ? `(${component.sql} IS NULL AND ${rest})` : rest;
  }
  const op = component.direction === 'asc' ? '>' : '<';
  const after = `${component.sql} ${op} ${dialect.cursorValue(value, params)}`;
  const tie = `(${component.sql} = ${dialect.cursorValue(value, params)} AND ${rest})`;
  return component.nullable ? `(${component.sql} IS NULL OR ${after} OR ${tie})` : `(${after} OR ${tie})`;
}

/**
 * The same condition restricted to rows whose first component is not null, written so the store
 * can seek an index on it: `c ≷= v AND (c ≷ v OR rest)`.
 *
 * @example
 * ```ts
 * keysetAfterFirstPresent(components, ['2026-05-01T10:00:00Z', '42'], 'r.record_id', '42', dialect, params);
 * // r.modified_at <= $1 AND (r.modified_at < $2 OR (… AND r.record_id > $3))
 * ```
 */
export function keysetAfterFirstPresent(
  components: readonly SortComponent[],
  position: readonly unknown[],
  idSql: string,
  lastId: string,
  dialect: SearchDialect,
  params: SqlParams,
): string {
  const first = components[0]!;
  const value = position[0];
  const rest = keysetAfter(components, position, idSql, lastId, dialect, params, 1);
  const op = first.direction === 'asc' ? '>' : '<';
  return `(${first.sql} ${op}= ${dialect.cursorValue(value, params)} AND (${first.sql} ${op} ${dialect.cursorValue(value, params)} OR ${rest}))`;
}

/**
 * `ORDER BY` terms of components, nulls last, then the id (`firstPresent`: the rows all have the
 * first component, so it needs no null ordering).
 *
 * @example
 * ```ts
 * orderByOf([{ sql: 'r.due_on', direction: 'desc', nullable: true }], 'r.record_id'); // 'r.due_on DESC NULLS LAST, r.record_id ASC'
 * ```
 */
export function orderByOf(components: readonly SortComponent[], idSql: string, firstPresent = false): string {
  const terms = components.map(
    (component, index) =>
      // Rows known to have the first key are ordered by it plainly, which an index scan provides.
      `${component.sql} ${component.direction.toUpperCase()}${component.nullable && !(firstPresent && index === 0) ? ' NULLS LAST' : ''}`,
  );
  return [...terms, `${idSql} ASC`].join(', ');
}
