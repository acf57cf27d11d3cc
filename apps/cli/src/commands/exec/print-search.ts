import type { SearchEnvelope } from '@conduit/protocol';
import { formatCell } from '../../output/format-value';
import type { Output } from '../../output/output';
import { formatTable } from '../../output/table';
import { listColumns, recordRow } from './record-view';

/**
 * Prints a page of search hits: the envelope as JSON, or a table of id, score and the fields of
 * each hit's data, with the next cursor on stderr.
 *
 * @example
 * ```ts
 * await printSearchPage(envelope, output);
 * ```
 */
export async function printSearchPage(page: SearchEnvelope, output: Output): Promise<void> {
  if (output.json) {
    await output.printJson(page);
    return;
  }
  if (page.hits.length === 0) {
    output.note('no hits');
  } else {
    const columns = listColumns(
      null,
      page.hits.map((hit) => hit.data),
    ).filter((column) => column !== 'id');
    await output.write(
      formatTable(
        [
          { header: 'ID' },
          { header: 'SCORE', align: 'right' },
          ...columns.map((column) => ({ header: column.toUpperCase() })),
        ],
        page.hits.map((hit) => [formatCell(hit.id), hit.score.toFixed(3), ...recordRow(hit.data, columns)]),
        { style: output.style },
      ),
    );
  }
  if (page.next_cursor !== null) {
    output.note(output.errorStyle.dim(`more hits: --param cursor=${page.next_cursor}`));
  }
}
