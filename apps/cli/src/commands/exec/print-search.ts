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
 * The data columns of a table of hits: the given ones, or those the first hits have but the one
 * that repeats each hit's id.
 *
 * @example
 * ```ts
 * hitColumns(page.hits, { columns: ['gid', 'assignee.name'] }); // ['gid', 'assignee.name']
 * ```
 */
export function hitColumns(hits: readonly SearchHit[], options: SearchViewOptions): string[] {
  if (options.columns && options.columns.length > 0) return [...options.columns];
  // The ID column already shows the record's identifier; its own field (`gid`, `Id`, `id`) would
  // show it again. Dropped before listColumns keeps its first columns, so no other field is cut.
  const sample = hits.slice(0, SAMPLE_SIZE);
  const repeated = identifierKeys(sample);
  return listColumns(
    null,
    sample.map((hit) => withoutKeys(hit.data, repeated)),
  ).filter((column) => column !== 'id');
}

const SAMPLE_SIZE = 5;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The top-level fields that hold the hit's id in every hit of the sample. */
function identifierKeys(sample: readonly SearchHit[]): Set<string> {
  const first = sample[0]?.data;
  if (!isRecord(first)) return new Set();
  const holdsId = (hit: SearchHit, key: string) => {
    const value = isRecord(hit.data) ? hit.data[key] : undefined;
    return (typeof value === 'string' || typeof value === 'number') && String(value) === hit.id;
  };
  return new Set(Object.keys(first).filter((key) => sample.every((hit) => holdsId(hit, key))));
}

function withoutKeys(data: unknown, keys: ReadonlySet<string>): unknown {
  if (keys.size === 0 || !isRecord(data)) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.has(key)));
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
