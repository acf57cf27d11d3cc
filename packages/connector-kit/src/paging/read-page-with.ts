import type { ListEnvelope } from '@conduit/protocol';
import { PageLimitExceededError } from '../page-limit-error';
import type { CustomPageContext, CustomPaging } from './custom-paging';
import type { PageContext, PageRequest, Pager } from './pager';
import { pagerOf } from './pager-of';
import type { PagingStrategy } from './paging-strategy';

/**
 * One page read by a declared pager: its request sent with `json`, its records parsed, a page
 * over the `limit` sent refused (`PageLimitExceededError`), and the pager's next pointer. The
 * executor's lists and {@link readPageWith} share it.
 */
export async function declaredPage(
  pager: Pager,
  context: PageContext,
  json: (request: PageRequest) => Promise<unknown>,
  parse: (body: unknown) => unknown[],
): Promise<ListEnvelope> {
  const body = await json(pager.request(context));
  const records = parse(body);
  if (pager.sendsLimit && records.length > context.limit) {
    throw new PageLimitExceededError(context.limit, records.length, { what: context.path });
  }
  const result = pager.page(body, records, context);
  return { records: result.records, meta: { next_page: result.next } };
}

/**
 * Reads one page of a custom pager's context with another strategy, declared or custom: for a
 * custom pager that handles one way of paging itself and hands every other page on (Zendesk's
 * page numbers beside its cursors).
 *
 * @example
 * ```ts
 * const paging: CustomPaging = {
 *   type: 'custom',
 *   readPage: (context) => (context.query.page === undefined ? readPageWith(cursorPaging(), context) : byNumber(context)),
 * };
 * ```
 */
export function readPageWith(paging: PagingStrategy, context: CustomPageContext): Promise<ListEnvelope> {
  const pager = pagerOf(paging);
  if (pager === undefined) return (paging as CustomPaging).readPage(context);
  const signal = context.signal;
  return declaredPage(
    pager,
    context,
    (request) =>
      context.transport.json({
        path: request.url === undefined ? (request.path ?? '/') : undefined,
        url: request.url,
        query: request.query,
        headers: request.headers,
        signal,
      }),
    context.parseRecords,
  );
}
