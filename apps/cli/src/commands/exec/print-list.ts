import type { ListEnvelope } from '@conduit/protocol';
import type { FieldDescription } from '../../introspect/field-description';
import type { Output } from '../../output/output';
import { StreamingTable } from '../../output/streaming-table';
import { formatTable } from '../../output/table';
import { listColumns, recordRow } from './record-view';

/** Widest a cell may be in a terminal, so one long name does not push every row off screen. */
const TERMINAL_CELL_WIDTH = 60;

function tableOptions(output: Output) {
  return { style: output.style, ...(output.isInteractive ? { maxCellWidth: TERMINAL_CELL_WIDTH } : {}) };
}

/**
 * Prints one page of a listing: the envelope as JSON, or a table with a note on stderr about the
 * next page.
 *
 * @example
 * ```ts
 * await printListPage(page, recordFields, output, 'conduit exec example workspaces list');
 * ```
 */
export async function printListPage(
  page: ListEnvelope,
  fields: readonly FieldDescription[] | null,
  output: Output,
  commandLine: string,
): Promise<void> {
  if (output.json) {
    await output.printJson(page);
    return;
  }
  if (page.records.length === 0) {
    output.note('no records');
  } else {
    const columns = listColumns(fields, page.records);
    await output.write(
      formatTable(
        columns.map((column) => ({ header: column.toUpperCase() })),
        page.records.map((record) => recordRow(record, columns)),
        tableOptions(output),
      ),
    );
  }
  const next = page.meta.next_page?.offset;
  if (next !== undefined) {
    output.note(
      output.errorStyle.dim(
        `more records: add --all, or --param offset=${next} for the next page (${commandLine})`,
      ),
    );
  }
}

/** Options of {@link streamList}. */
export interface StreamListOptions {
  readonly fields: readonly FieldDescription[] | null;
  /** Stop after this many records. */
  readonly limitTotal: number | undefined;
  readonly signal: AbortSignal;
}

/**
 * Follows `meta.next_page.offset` from page to page and prints every record as it arrives: one
 * NDJSON line per record with `--json`, else table rows whose column widths the first page fixes.
 * Memory stays constant whatever the number of pages; a progress line is drawn on stderr when it
 * is a terminal. Resolves to the number of records printed.
 *
 * @example
 * ```ts
 * const count = await streamList((offset) => fetchPage(offset), output, { fields, limitTotal: 500, signal });
 * ```
 */
export async function streamList(
  fetchPage: (offset: string | undefined) => Promise<ListEnvelope>,
  output: Output,
  options: StreamListOptions,
): Promise<number> {
  const progress = output.progress('fetching the first page');
  let table: StreamingTable | undefined;
  let columns: string[] | undefined;
  let printed = 0;
  let pages = 0;
  let offset: string | undefined;
  try {
    do {
      options.signal.throwIfAborted();
      const page = await fetchPage(offset);
      pages += 1;
      const room = options.limitTotal === undefined ? page.records.length : options.limitTotal - printed;
      const records = page.records.slice(0, Math.max(0, room));
      progress.clear();
      if (output.json) {
        for (const record of records) await output.printJsonLine(record);
      } else if (records.length > 0) {
        columns ??= listColumns(options.fields, records);
        table ??= new StreamingTable(
          columns.map((column) => ({ header: column.toUpperCase() })),
          tableOptions(output),
        );
        const rows = records.map((record) => recordRow(record, columns!));
        await output.write(table.format(rows));
      }
      printed += records.length;
      progress.update(`fetched ${printed} records in ${pages} page${pages === 1 ? '' : 's'}`);
      offset = page.meta.next_page?.offset;
      if (options.limitTotal !== undefined && printed >= options.limitTotal) break;
      if (output.closed) break;
    } while (offset !== undefined);
  } finally {
    progress.stop();
  }
  if (!output.json && printed === 0) output.note('no records');
  return printed;
}
