import {
  type CustomPageContext,
  type CustomPaging,
  decodeOffset,
  encodeOffset,
  PageLimitExceededError,
  type PagingStrategy,
  readPageWith,
} from '@conduit/connector-kit';
import { type ListEnvelope, ResponseValidationError, ValidationError } from '@conduit/protocol';
import type { QueryParams } from '@conduit/transport';

/**
 * The last page Zendesk's offset pagination serves: past the first 100 pages (or 10,000 records)
 * it answers 400 (reference §4.2). With pages of at most 100 records, page 100 ends both limits.
 */
export const LAST_OFFSET_PAGE = 100;

/**
 * Params of Zendesk's offset order (`sort_by`, `sort_order`; definition/params.ts `offsetOrder`):
 * Zendesk orders only its numbered pages by them, and serves numbered pages to a request without
 * cursor params, so a list given either (and no `page`) is read from page 1.
 */
const OFFSET_ORDER_PARAMS = ['sort_by', 'sort_order'] as const;

/**
 * How a list is read by page number:
 *
 * - `upstream`: `offset` when the endpoint pages by `page` and `per_page` itself (its
 *   `next_page` says whether another page follows); `whole` when it answers every record at once
 *   (`/ticket_forms`, `/slas/policies`, `/ticket_fields` without cursor params), which is then
 *   paged here, in the order the upstream gives;
 * - `request`: the path and query of a numbered page, when they differ from the cursor pages'
 *   (a cursor `sort` said in offset terms, one ticket's audits); `undefined` for a query that
 *   has none (the account's audits, the incremental export), which is refused.
 */
export interface PageNumberOptions {
  readonly upstream: 'offset' | 'whole';
  request?(
    path: string,
    query: QueryParams,
  ): { readonly path: string; readonly query: QueryParams } | undefined;
}

/** The error of a page number given to a list (or a query of one) that has none. */
function noNumberedPages(field: 'params.page' | 'params.offset', list: string): ValidationError {
  const message = `${list} has no page numbers for this query (Zendesk pages it by cursor only): list without page`;
  return new ValidationError(message, {
    status: 400,
    details: [{ field, message, error_code: 'invalid_param' }],
  });
}

function invalidNextPage(): ResponseValidationError {
  const message = 'must be a URL or null';
  return new ResponseValidationError(
    `The upstream's page does not have the expected shape: next_page ${message}`,
    { details: [{ field: 'next_page', message, error_code: 'invalid_response' }] },
  );
}

/** The page number an offset of {@link pageNumbers} holds, if it is one. */
function numberOf(offset: string | undefined): number | undefined {
  if (offset === undefined) return undefined;
  return decodeOffset<{ page: number }>(
    offset,
    (value) => Number.isInteger(value.page) && (value.page as number) >= 1,
  )?.page;
}

async function numberedPage(
  context: CustomPageContext,
  number: number,
  query: QueryParams,
  options: PageNumberOptions,
  field: 'params.page' | 'params.offset',
): Promise<ListEnvelope> {
  const target =
    options.request === undefined ? { path: context.path, query } : options.request(context.path, query);
  if (target === undefined) throw noNumberedPages(field, context.path);
  const signal = context.signal === undefined ? {} : { signal: context.signal };
  let records: unknown[];
  let more: boolean;
  if (options.upstream === 'whole') {
    const all = context.parseRecords(await context.transport.json({ ...target, ...signal }));
    const start = (number - 1) * context.limit;
    records = all.slice(start, start + context.limit);
    more = start + context.limit < all.length;
  } else {
    if (number > LAST_OFFSET_PAGE) throw pastLastPage(field);
    const body = await context.transport.json({
      ...target,
      query: { ...target.query, page: number, per_page: context.limit },
      ...signal,
    });
    records = context.parseRecords(body);
    if (records.length > context.limit)
      throw new PageLimitExceededError(context.limit, records.length, { what: target.path });
    const next = (body as { next_page?: unknown }).next_page;
    if (next !== null && typeof next !== 'string') throw invalidNextPage();
    more = next !== null;
  }
  return { records, meta: { next_page: more ? { offset: encodeOffset({ page: number + 1 }) } : null } };
}

/** The error of a page past Zendesk's offset pagination, naming the param that asked for it. */
function pastLastPage(field: string): ValidationError {
  const message = `Zendesk's page numbers end at page ${LAST_OFFSET_PAGE} (10,000 records); list without page to walk on by cursor`;
  return new ValidationError(message, {
    status: 400,
    details: [{ field, message, error_code: 'invalid_param' }],
  });
}

/**
 * Zendesk's page numbers beside a list's own paging: given a `page` param (1-based, `limit`
 * records each, as clients written against Zendesk's offset pagination send it with `per_page`;
 * reference §4.2), the list reads that page, and its `meta.next_page.offset` the one after; the
 * walk neither skips nor repeats a record. Every other page (no `page`, or an offset of the
 * list's own paging) is read by `inner`. An offset beside `page` wins: it is where the walk
 * that began at `page` has got to.
 *
 * @example
 * ```ts
 * upstream: { path: '/users', recordsAt: 'users', paging: pageNumbers(zendeskCursor, { upstream: 'offset' }) }
 * ```
 */
export function pageNumbers(inner: PagingStrategy, options: PageNumberOptions): CustomPaging {
  return {
    type: 'custom',
    readPage(context) {
      const { page, ...query } = context.query;
      const number =
        context.offset === undefined
          ? page === undefined
            ? OFFSET_ORDER_PARAMS.some((name) => query[name] !== undefined)
              ? 1
              : undefined
            : Number(page)
          : numberOf(context.offset);
      if (number === undefined) return readPageWith(inner, { ...context, query });
      return numberedPage(
        context,
        number,
        query,
        options,
        context.offset === undefined ? 'params.page' : 'params.offset',
      );
    },
  };
}

/**
 * The `request` of a list whose cursor pages take `sort` (`field` or `-field`): numbered pages
 * take `sort_by` and `sort_order` instead (`by: 'field'`), or only `sort_order` where the field
 * is fixed (`by: 'order'`, ticket comments by creation).
 *
 * @example
 * ```ts
 * pageNumbers(ticketPaging, { upstream: 'offset', request: offsetSort('field') });
 * ```
 */
export function offsetSort(
  by: 'field' | 'order',
): (path: string, query: QueryParams) => { path: string; query: QueryParams } {
  return (path, query) => {
    const { sort, ...rest } = query;
    if (sort === undefined) return { path, query: rest };
    const text = String(sort);
    const descending = text.startsWith('-');
    const order = { sort_order: descending ? 'desc' : 'asc' };
    return {
      path,
      query:
        by === 'field'
          ? { ...rest, sort_by: descending ? text.slice(1) : text, ...order }
          : { ...rest, ...order },
    };
  };
}
