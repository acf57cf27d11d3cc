import type { SearchEnvelope } from '@conduit/protocol';
import type { Output } from '../../output/output';
import { StreamingTable } from '../../output/streaming-table';
import { hitColumns, hitRow, hitTableColumns, type SearchViewOptions } from '../exec/print-search';

/**
 * Follows `next_cursor` from page to page and prints every hit as it arrives: one NDJSON line per
 * hit (`{id, score, data}`) with `--json`, else table rows whose widths the first page fixes. A
 * progress line is drawn on stderr when it is a terminal. Resolves to the number of hits.
 *
 * @example
 * ```ts
 * await streamHits((cursor) => fetchPage(cursor), output, signal, { columns: ['gid', 'name'] });
 * ```
 */
export async function streamHits(
  fetchPage: (cursor: string | undefined) => Promise<SearchEnvelope>,
  output: Output,
  signal: AbortSignal,
  options: SearchViewOptions = {},
): Promise<number> {
  const progress = output.progress('searching');
  let table: StreamingTable | undefined;
  let columns: string[] | undefined;
  let printed = 0;
  let pages = 0;
  let cursor: string | undefined;
  try {
    do {
      signal.throwIfAborted();
      const page = await fetchPage(cursor);
      pages += 1;
      progress.clear();
      if (output.json) {
        for (const hit of page.hits) await output.printJsonLine(hit);
      } else if (page.hits.length > 0) {
        columns ??= hitColumns(page.hits, options);
        table ??= new StreamingTable(hitTableColumns(columns), { style: output.style });
        await output.write(table.format(page.hits.map((hit) => hitRow(hit, columns!))));
      }
      printed += page.hits.length;
      progress.update(`${printed} hits in ${pages} page${pages === 1 ? '' : 's'}`);
      cursor = page.next_cursor ?? undefined;
      if (output.closed) break;
    } while (cursor !== undefined);
  } finally {
    progress.stop();
  }
  if (!output.json && printed === 0) output.note('no hits');
  return printed;
}
