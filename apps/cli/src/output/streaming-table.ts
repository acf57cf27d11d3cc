import { formatHeader, formatRow, measureColumns, type TableColumn, type TableOptions } from './table';

/**
 * A table printed page by page, for listings that stream (`--all`): the column widths are fixed
 * by the first batch, so rows appear as they arrive instead of after the last page. A later cell
 * wider than its column pushes the rest of its row right rather than being cut.
 *
 * @example
 * ```ts
 * const table = new StreamingTable([{ header: 'GID' }, { header: 'NAME' }], { style });
 * process.stdout.write(table.format([['1', 'a']]));
 * process.stdout.write(table.format([['2', 'b']]));
 * ```
 */
export class StreamingTable {
  readonly #columns: readonly TableColumn[];
  readonly #options: TableOptions;
  #widths: number[] | undefined;

  constructor(columns: readonly TableColumn[], options: TableOptions) {
    this.#columns = columns;
    this.#options = options;
  }

  /** The lines for a batch of rows; the first non-empty batch also carries the header. */
  format(rows: readonly (readonly string[])[]): string {
    if (rows.length === 0) return '';
    const lines: string[] = [];
    if (!this.#widths) {
      this.#widths = measureColumns(this.#columns, rows, this.#options.maxCellWidth);
      lines.push(formatHeader(this.#columns, this.#widths, this.#options.style));
    }
    for (const row of rows)
      lines.push(formatRow(row, this.#columns, this.#widths, this.#options.maxCellWidth));
    return `${lines.join('\n')}\n`;
  }

  /** True once a header has been printed. */
  get started(): boolean {
    return this.#widths !== undefined;
  }
}
