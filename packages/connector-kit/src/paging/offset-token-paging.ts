import type { NextPage } from '@conduit/protocol';
import { readAt } from '../read-at';
import { invalidPage } from './invalid-page';
import { pagedRequest } from './paged-request';
import type { Pager } from './pager';

/**
 * Paging by an opaque token the upstream gives with each page (Asana: `limit` and `offset`
 * params, `next_page: {offset, path, uri}` or null in the body).
 *
 * @example
 * ```ts
 * const paging: OffsetTokenPaging = offsetTokenPaging();
 * ```
 */
export interface OffsetTokenPaging {
  readonly type: 'offset-token';
  /** Query param of the page size. Default `limit`. */
  readonly limitParam: string;
  /** Query param of the token. Default `offset`. */
  readonly offsetParam: string;
  /** Where the next-page object is in the body (null or absent on the last page). Default `next_page`. */
  readonly nextPageAt: string;
  /** The token's field in that object. Default `offset`. */
  readonly tokenField: string;
}

/**
 * Declares {@link OffsetTokenPaging}; the defaults are Asana's names.
 *
 * @example
 * ```ts
 * upstream: { path: '/projects', paging: offsetTokenPaging() }
 * ```
 */
export function offsetTokenPaging(options: Partial<Omit<OffsetTokenPaging, 'type'>> = {}): OffsetTokenPaging {
  return {
    type: 'offset-token',
    limitParam: 'limit',
    offsetParam: 'offset',
    nextPageAt: 'next_page',
    tokenField: 'offset',
    ...options,
  };
}

/** The pager of {@link OffsetTokenPaging}. */
export function offsetTokenPager(paging: OffsetTokenPaging): Pager {
  return {
    sendsLimit: true,
    request: (context) =>
      pagedRequest(context, paging.limitParam, context.limit, paging.offsetParam, context.offset),
    page(body, records) {
      const next = readAt(body, paging.nextPageAt);
      if (next === null || next === undefined) return { records, next: null };
      const token =
        typeof next === 'object' ? (next as Record<string, unknown>)[paging.tokenField] : undefined;
      if (typeof token !== 'string' || token === '') {
        throw invalidPage(`${paging.nextPageAt}.${paging.tokenField}`, 'must be a non-empty string');
      }
      // The upstream's own object goes out as it came (its `path` and `uri` included).
      return { records, next: paging.tokenField === 'offset' ? (next as NextPage) : { offset: token } };
    },
  };
}
