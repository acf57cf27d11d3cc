/**
 * A list an endpoint pages through. `scan` visits items from a resume position onwards and stops
 * when `visit` returns false; each item comes with the position a later page would resume at.
 * Positions are opaque numbers stored (encoded) inside offset tokens.
 */
export interface ListSource<T> {
  scan(start: number, visit: (item: T, position: number) => boolean): void;
}

/**
 * A source over an array; `select` maps a row to an item or to undefined to skip it (deleted,
 * filtered out). Position = array index, so appends never disturb an in-flight listing.
 *
 * @example
 * ```ts
 * const source = arraySource(projectRows, (row) => (row.archived ? undefined : row));
 * ```
 */
export function arraySource<R, T>(rows: readonly R[], select: (row: R) => T | undefined): ListSource<T> {
  return {
    scan(start, visit) {
      for (let i = Math.max(0, start); i < rows.length; i += 1) {
        const item = select(rows[i] as R);
        if (item !== undefined && !visit(item, i)) return;
      }
    },
  };
}

const LIST_STRIDE = 2 ** 32;

/**
 * A source over consecutive lists (a project's sections, in order). A position encodes the list
 * and the index inside it, so a task added to an earlier section does not shift later cursors.
 *
 * @example
 * ```ts
 * const source = concatSource(sectionRowLists, (row) => (isDeleted(row) ? undefined : row));
 * ```
 */
export function concatSource<R, T>(
  lists: readonly (readonly R[])[],
  select: (row: R) => T | undefined,
): ListSource<T> {
  return {
    scan(start, visit) {
      const firstList = Math.floor(Math.max(0, start) / LIST_STRIDE);
      for (let l = firstList; l < lists.length; l += 1) {
        const rows = lists[l] ?? [];
        for (let i = l === firstList ? Math.max(0, start) % LIST_STRIDE : 0; i < rows.length; i += 1) {
          const item = select(rows[i] as R);
          if (item !== undefined && !visit(item, l * LIST_STRIDE + i)) return;
        }
      }
    },
  };
}

/**
 * A source over the integers `[0, count)`: every task row, for workspace-wide scans.
 *
 * @example
 * ```ts
 * const source = rangeSource(table.count, (row) => (table.assignee[row] === me ? row : undefined));
 * ```
 */
export function rangeSource<T>(count: number, select: (row: number) => T | undefined): ListSource<T> {
  return {
    scan(start, visit) {
      for (let row = Math.max(0, start); row < count; row += 1) {
        const item = select(row);
        if (item !== undefined && !visit(item, row)) return;
      }
    },
  };
}
