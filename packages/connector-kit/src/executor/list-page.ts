import type { ActionDefinition, ListEnvelope } from '@conduit/protocol';
import type { PageContext } from '../paging/pager';
import { pagerOf } from '../paging/pager-of';
import { declaredPage } from '../paging/read-page-with';
import { parseRecords } from '../record-parser';
import type { UpstreamSpec } from '../upstream-spec';
import { type ExecutorContext, type ListRequest, send } from './executor-context';

/** Checks one page's body and returns its records; `what` names the page in errors. */
export type PageParser = (body: unknown, what: string) => unknown[];

/**
 * One list page at `offset`, paged with the action's strategy: the records (checked by `parse`)
 * and the next-page pointer. A page holding more records than the `limit` sent is refused
 * (`PageLimitExceededError`).
 */
export async function listPage(
  context: ExecutorContext,
  upstream: UpstreamSpec,
  request: ListRequest,
  offset: string | undefined,
  parse: PageParser,
  signal: AbortSignal | undefined,
): Promise<ListEnvelope> {
  const { path } = request;
  const pageContext: PageContext = {
    path,
    query: request.query,
    limit: request.limit,
    offset,
    baseUrl: context.baseUrl,
  };
  const paging = upstream.paging;
  if (paging === undefined) {
    // An unpaged list: one request, everything it holds.
    const records = parse(await send(context, { path, query: pageContext.query }, signal), path);
    return { records, meta: { next_page: null } };
  }
  const pager = pagerOf(paging);
  if (pager === undefined) {
    if (paging.type !== 'custom') throw new TypeError(`unknown paging ${paging.type}`);
    return paging.readPage({
      ...pageContext,
      // A copy per page: a walk shares one query object, and a custom pager may change its own.
      query: { ...pageContext.query },
      transport: context.transport,
      signal,
      parseRecords: (body) => parse(body, path),
    });
  }
  return declaredPage(
    pager,
    pageContext,
    (pageRequest) => send(context, pageRequest, signal),
    (body) => parse(body, path),
  );
}

/** The check of a list action's page: its records, defaults filled, as the record schema accepts them. */
export function listParser(action: ActionDefinition, upstream: UpstreamSpec): PageParser {
  const recordsAt = upstream.recordsAt ?? 'data';
  return (body, what) => parseRecords(action, body, recordsAt, what, upstream.recordDefaults);
}
