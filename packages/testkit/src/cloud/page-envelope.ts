import { queryInteger } from './query-params';

/** A page request: how many items, from where. */
export interface Paging {
  limit: number;
  offset: number;
}

/** The public API's list envelope. */
export interface PageEnvelope<Item> {
  data: Item[];
  next: string;
  previous: string;
}

/**
 * Reads `limit` (1–100, default 20) and `offset` (≥ 0, default 0); out-of-range values answer 400.
 *
 * @example
 * ```ts
 * readPaging(new URLSearchParams('limit=100&offset=200')); // { limit: 100, offset: 200 }
 * ```
 */
export function readPaging(query: URLSearchParams): Paging {
  return {
    limit: queryInteger(query, 'limit', { fallback: 20, min: 1, max: 100 }),
    offset: queryInteger(query, 'offset', { fallback: 0, min: 0 }),
  };
}

/**
 * Cuts one page out of `items` and wraps it the platform's way: `next` is an absolute URL
 * whenever the page has items (even a short last page, so a client following `next` makes one
 * extra request that comes back empty) and `""` only for an empty page; `previous` is `""` at
 * offset 0. Links repeat the request's other query parameters.
 *
 * @example
 * ```ts
 * pageEnvelope(all, { limit: 2, offset: 0 }, 'http://127.0.0.1:1234/v1/connections', query);
 * // { data: [a, b], next: 'http://127.0.0.1:1234/v1/connections?…&limit=2&offset=2', previous: '' }
 * ```
 */
export function pageEnvelope<Item>(
  items: readonly Item[],
  paging: Paging,
  collectionUrl: string,
  query: URLSearchParams,
): PageEnvelope<Item> {
  const data = items.slice(paging.offset, paging.offset + paging.limit);
  const link = (offset: number): string => {
    const params = new URLSearchParams(query);
    params.delete('limit');
    params.delete('offset');
    params.set('limit', String(paging.limit));
    params.set('offset', String(offset));
    return `${collectionUrl}?${params.toString()}`;
  };
  return {
    data,
    next: data.length === 0 ? '' : link(paging.offset + paging.limit),
    previous: paging.offset === 0 ? '' : link(Math.max(0, paging.offset - paging.limit)),
  };
}
