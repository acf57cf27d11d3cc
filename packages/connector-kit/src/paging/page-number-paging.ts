import { readAt } from '../read-at';
import { numericOffset } from './offset-paging';
import { pagedRequest } from './paged-request';
import type { Pager } from './pager';

/**
 * Page-number paging: `page` and `per_page` params; the body's `hasMoreAt` flag, when declared,
 * or else a short page ends the listing. The offset the caller gets is the next page's number.
 *
 * @example
 * ```ts
 * const paging: PageNumberPaging = pageNumberPaging({ sizeParam: 'page_size' });
 * ```
 */
export interface PageNumberPaging {
  readonly type: 'page-number';
  /** Default `page`. */
  readonly pageParam: string;
  /** Default `per_page`. */
  readonly sizeParam: string;
  /** The number of the first page. Default 1. */
  readonly firstPage: number;
  /** Where the body says whether another page follows, if it does. */
  readonly hasMoreAt?: string;
}

/**
 * Declares {@link PageNumberPaging}.
 *
 * @example
 * ```ts
 * upstream: { path: '/items', recordsAt: 'items', paging: pageNumberPaging() }
 * ```
 */
export function pageNumberPaging(options: Partial<Omit<PageNumberPaging, 'type'>> = {}): PageNumberPaging {
  return { type: 'page-number', pageParam: 'page', sizeParam: 'per_page', firstPage: 1, ...options };
}

/** The pager of {@link PageNumberPaging}. */
export function pageNumberPager(paging: PageNumberPaging): Pager {
  return {
    sendsLimit: true,
    request: (context) =>
      pagedRequest(
        context,
        paging.pageParam,
        numericOffset(context.offset, paging.firstPage),
        paging.sizeParam,
        context.limit,
      ),
    page(body, records, context) {
      const page = numericOffset(context.offset, paging.firstPage);
      const more =
        paging.hasMoreAt === undefined
          ? records.length >= context.limit && records.length > 0
          : readAt(body, paging.hasMoreAt) === true;
      return { records, next: more ? { offset: String(page + 1) } : null };
    },
  };
}
