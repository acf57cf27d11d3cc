import { type CustomPaging, decodeOffset, encodeOffset } from '@conduit/connector-kit';
import { CursorExpiredError, type ListEnvelope } from '@conduit/protocol';

/** Position in an upstream task search paged by creation time. */
interface SearchOffset {
  /** `created_at` of the last record returned. */
  after: string;
  /** gids already returned with exactly that `created_at`, so ties are neither lost nor repeated. */
  seen: string[];
}

function decodeSearch(offset: string): SearchOffset {
  const position = decodeOffset<SearchOffset>(
    offset,
    (v) => typeof v.after === 'string' && Array.isArray(v.seen) && v.seen.every((s) => typeof s === 'string'),
  );
  if (!position)
    throw new CursorExpiredError('This offset does not belong to this search; restart the listing.');
  return position;
}

/**
 * The upstream's workspace task search has no offset: when the caller has not chosen an order we
 * sort by creation time and continue after the last record seen (with the gids of its ties). No
 * declared strategy does this, so it is the connector's own; it asks for at most `limit` records
 * more than it has seen and keeps at most `limit`.
 *
 * @example
 * ```ts
 * upstream: { path: '/workspaces/{workspace_gid}/tasks/search', paging: asanaSearchPaging }
 * ```
 */
export const asanaSearchPaging: CustomPaging = {
  type: 'custom',
  async readPage({
    path,
    query: fixed,
    limit,
    offset,
    transport,
    signal,
    parseRecords,
  }): Promise<ListEnvelope> {
    const query = { ...fixed } as Record<string, string>;
    const pageable =
      query.sort_by === undefined || (query.sort_by === 'created_at' && query.sort_ascending === 'true');
    const position = offset === undefined ? undefined : decodeSearch(offset);
    if (position && !pageable) {
      throw new CursorExpiredError(
        'This offset belongs to a search without a custom sort order; restart the listing.',
      );
    }
    if (pageable) {
      query.sort_by = 'created_at';
      query.sort_ascending = 'true';
    }
    if (position) {
      const bound = new Date(Date.parse(position.after) - 1).toISOString();
      const own = query['created_at.after'];
      query['created_at.after'] = own !== undefined && Date.parse(own) > Date.parse(bound) ? own : bound;
    }
    const seen = new Set(position?.seen ?? []);
    query.limit = String(Math.min(100, limit + seen.size));
    const data = parseRecords(await transport.json({ path, query, ...(signal ? { signal } : {}) }));
    const records = data.filter((record) => !seen.has((record as { gid: string }).gid)).slice(0, limit);
    if (!pageable || records.length < limit) return { records, meta: { next_page: null } };
    const last = records.at(-1) as { created_at?: string };
    if (typeof last.created_at !== 'string') return { records, meta: { next_page: null } };
    const ties = records
      .filter((record) => (record as { created_at?: string }).created_at === last.created_at)
      .map((record) => (record as { gid: string }).gid);
    const carried = position && position.after === last.created_at ? position.seen : [];
    return {
      records,
      meta: { next_page: { offset: encodeOffset({ after: last.created_at, seen: [...carried, ...ties] }) } },
    };
  },
};
