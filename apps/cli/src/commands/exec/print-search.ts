import type { SearchEnvelope, SearchHit } from '@conduit/protocol';
import { formatCell } from '../../output/format-value';
import type { Output } from '../../output/output';
import type { TableColumn } from '../../output/table';
import { formatTable } from '../../output/table';
import { listColumns, recordRow } from './record-view';

/** How to lay out search hits. */
export interface SearchViewOptions {
  /** Columns of `data` to show (dotted paths allowed); default: inferred from the hits. */
  readonly columns?: readonly string[] | undefined;
  /** The advice printed when there are more hits: default `--param cursor=…`. */
  readonly nextHint?: (cursor: string) => string;
}

/**
 * The data columns of a table of hits: the given ones, or those the first hits have.
 *
 * @example
 * ```ts
 * hitColumns(page.hits, { columns: ['gid', 'assignee.name'] }); // ['gid', 'assignee.name']
 * ```
 */
export function hitColumns(hits: readonly SearchHit[], options: SearchViewOptions): string[] {
  if (options.columns && options.columns.length > 0) return [...options.columns];
  return listColumns(
    null,
    hits.map((hit) => hit.data),
  ).filter((column) => column !== 'id');
}

/**
 * The table columns for hits: id, score, then the data columns.
 *
 * @example
 * ```ts
 * hitTableColumns(['name']).map((column) => column.header); // ['ID', 'SCORE', 'NAME']
 * ```
 */
export function hitTableColumns(columns: readonly string[]): TableColumn[] {
  return [
    { header: 'ID' },
    { header: 'SCORE', align: 'right' },
    ...columns.map((column) => ({ header: column.toUpperCase() })),
  ];
}

/**
 * One hit as the cells of a table row.
 *
 * @example
 * ```ts
 * hitRow({ id: '1', score: 0.5, data: { name: 'Plan' } }, ['name']); // ['1', '0.500', 'Plan']
 * ```
 */
export function hitRow(hit: SearchHit, columns: readonly string[]): string[] {
  return [formatCell(hit.id), hit.score.toFixed(3), ...recordRow(hit.data, columns)];
}

/**
 * Prints a page of search hits: the envelope as JSON, or a table of id, score and the fields of
 * each hit's data, with the next cursor on stderr.
 *
 * @example
 * ```ts
 * await printSearchPage(envelope, output);
 * ```
 */
export async function printSearchPage(
  page: SearchEnvelope,
  output: Output,
  options: SearchViewOptions = {},
): Promise<void> {
  if (output.json) {
    await output.printJson(page);
    return;
  }
  if (page.hits.length === 0) {
    output.note('no hits');
  } else {
    const columns = hitColumns(page.hits, options);
    await output.write(
      formatTable(
        hitTableColumns(columns),
        page.hits.map((hit) => hitRow(hit, columns)),
        { style: output.style },
      ),
    );
  }
  if (page.next_cursor !== null) {
    const hint = options.nextHint ?? ((cursor: string) => `--param cursor=${cursor}`);
    output.note(output.errorStyle.dim(`more hits: ${hint(page.next_cursor)}`));
  }
}
