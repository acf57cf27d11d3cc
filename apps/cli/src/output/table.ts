import type { Style } from './color';
import { displayWidth, padToWidth, truncateToWidth } from './text-width';

/** A column of a table. */
export interface TableColumn {
  readonly header: string;
  readonly align?: 'left' | 'right';
}

/** How to lay out a table. */
export interface TableOptions {
  readonly style: Style;
  /** Cells wider than this are cut with `…`; default: no limit. */
  readonly maxCellWidth?: number;
}

/** Column widths of a table: the widest header or cell of each column. */
export function measureColumns(
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
  maxCellWidth = Number.POSITIVE_INFINITY,
): number[] {
  // A loop, not `Math.max(...cells)`: spreading hundreds of thousands of rows into a call's
  // arguments overflows the stack.
  const widths = columns.map((column) => displayWidth(column.header));
  for (const row of rows) {
    for (let index = 0; index < widths.length; index += 1) {
      const width = displayWidth(row[index] ?? '');
      if (width > widths[index]!) widths[index] = width;
    }
  }
  return widths.map((width) => Math.min(maxCellWidth, width));
}

/** One row laid out at the given widths, without trailing spaces. */
export function formatRow(
  cells: readonly string[],
  columns: readonly TableColumn[],
  widths: readonly number[],
  maxCellWidth = Number.POSITIVE_INFINITY,
): string {
  const parts = columns.map((column, index) => {
    const cell = cells[index] ?? '';
    const fitted = displayWidth(cell) > maxCellWidth ? truncateToWidth(cell, maxCellWidth) : cell;
    return padToWidth(fitted, widths[index]!, column.align);
  });
  return parts.join('  ').trimEnd();
}

/** The header line of a table, bold when colours are on. */
export function formatHeader(
  columns: readonly TableColumn[],
  widths: readonly number[],
  style: Style,
): string {
  return columns
    .map((column, index) => padToWidth(style.bold(column.header), widths[index]!, column.align))
    .join('  ')
    .trimEnd();
}

/**
 * Rows aligned in columns under an upper-case header, two spaces apart: the human format of
 * every listing. Cells are expected sanitised already (see `formatCell`).
 *
 * @example
 * ```ts
 * formatTable([{ header: 'GID' }, { header: 'NAME' }], [['1', 'Inbox']], { style: createStyle(false) });
 * // 'GID  NAME\n1    Inbox\n'
 * ```
 */
export function formatTable(
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
  options: TableOptions,
): string {
  const widths = measureColumns(columns, rows, options.maxCellWidth);
  const lines = [formatHeader(columns, widths, options.style)];
  for (const row of rows) lines.push(formatRow(row, columns, widths, options.maxCellWidth));
  return `${lines.join('\n')}\n`;
}
