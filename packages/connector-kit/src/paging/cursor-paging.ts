import { readAt } from '../read-at';
import { invalidPage } from './invalid-page';
import { pagedRequest } from './paged-request';
import type { Pager } from './pager';

/**
 * Cursor paging (Zendesk's cursor pagination): `page[size]` and `page[after]` params; the body
 * says `meta.has_more`, gives `meta.after_cursor` and a `links.next` URL holding the same cursor.
 *
 * @example
 * ```ts
 * const paging: CursorPaging = cursorPaging();
 * ```
 */
export interface CursorPaging {
  readonly type: 'cursor';
  /** Query param of the page size. Default `page[size]`. */
  readonly sizeParam: string;
  /** Query param of the cursor. Default `page[after]`. */
  readonly cursorParam: string;
  /** Whether another page follows. Default `meta.has_more`. */
  readonly hasMoreAt: string;
  /** The cursor of the next page. Default `meta.after_cursor`. */
  readonly cursorAt: string;
  /** A link to the next page whose `cursorParam` holds the cursor, read when `cursorAt` is empty. Default `links.next`. */
  readonly nextLinkAt: string;
}

/**
 * Declares {@link CursorPaging}; the defaults are Zendesk's names.
 *
 * @example
 * ```ts
 * upstream: { path: '/api/v2/tickets', recordsAt: 'tickets', paging: cursorPaging() }
 * ```
 */
export function cursorPaging(options: Partial<Omit<CursorPaging, 'type'>> = {}): CursorPaging {
  return {
    type: 'cursor',
    sizeParam: 'page[size]',
    cursorParam: 'page[after]',
    hasMoreAt: 'meta.has_more',
    cursorAt: 'meta.after_cursor',
    nextLinkAt: 'links.next',
    ...options,
  };
}

/** The pager of {@link CursorPaging}. */
export function cursorPager(paging: CursorPaging): Pager {
  function cursorOf(body: unknown): string | undefined {
    const cursor = readAt(body, paging.cursorAt);
    if (typeof cursor === 'string' && cursor !== '') return cursor;
    const link = readAt(body, paging.nextLinkAt);
    if (typeof link !== 'string' || link === '') return undefined;
    try {
      return new URL(link).searchParams.get(paging.cursorParam) || undefined;
    } catch {
      return undefined;
    }
  }
  return {
    sendsLimit: true,
    request: (context) =>
      pagedRequest(context, paging.sizeParam, context.limit, paging.cursorParam, context.offset),
    page(body, records) {
      const hasMore = readAt(body, paging.hasMoreAt);
      if (hasMore !== true && hasMore !== false) throw invalidPage(paging.hasMoreAt, 'must be a boolean');
      if (!hasMore) return { records, next: null };
      const cursor = cursorOf(body);
      if (cursor === undefined) {
        throw invalidPage(
          paging.cursorAt,
          `must be a cursor (or ${paging.nextLinkAt} a link holding one) when ${paging.hasMoreAt} is true`,
        );
      }
      return { records, next: { offset: cursor } };
    },
  };
}
