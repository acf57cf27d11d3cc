import { readAt } from '../read-at';
import { foreignOffset } from './invalid-page';
import { pagedRequest } from './paged-request';
import type { Pager } from './pager';

/**
 * Plain numeric offset paging: `limit` and `offset` (records to skip) params; a short page, or
 * reaching `total` when the body gives one, ends the listing.
 *
 * @example
 * ```ts
 * const paging: OffsetPaging = offsetPaging({ totalAt: 'total' });
 * ```
 */
export interface OffsetPaging {
  readonly type: 'offset';
  /** Default `limit`. */
  readonly limitParam: string;
  /** Default `offset`. */
  readonly offsetParam: string;
  /** Where the body gives the total count, if it does. */
  readonly totalAt?: string;
}

/**
 * Declares {@link OffsetPaging}.
 *
 * @example
 * ```ts
 * upstream: { path: '/items', recordsAt: 'items', paging: offsetPaging() }
 * ```
 */
export function offsetPaging(options: Partial<Omit<OffsetPaging, 'type'>> = {}): OffsetPaging {
  return { type: 'offset', limitParam: 'limit', offsetParam: 'offset', ...options };
}

/**
 * The non-negative integer of a numeric offset or page-number token, else a `CursorExpiredError`.
 *
 * @example
 * ```ts
 * numericOffset('200', 0); // 200
 * ```
 */
export function numericOffset(token: string | undefined, start: number): number {
  if (token === undefined) return start;
  if (!/^\d{1,15}$/.test(token)) throw foreignOffset();
  return Number(token);
}

/** The pager of {@link OffsetPaging}. */
export function offsetPager(paging: OffsetPaging): Pager {
  return {
    sendsLimit: true,
    request: (context) =>
      pagedRequest(
        context,
        paging.limitParam,
        context.limit,
        paging.offsetParam,
        numericOffset(context.offset, 0),
      ),
    page(body, records, context) {
      const end = numericOffset(context.offset, 0) + records.length;
      const total = paging.totalAt === undefined ? undefined : readAt(body, paging.totalAt);
      const last =
        records.length < context.limit || records.length === 0 || (typeof total === 'number' && end >= total);
      return { records, next: last ? null : { offset: String(end) } };
    },
  };
}
