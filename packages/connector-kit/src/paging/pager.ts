import type { NextPage } from '@conduit/protocol';
import type { QueryParams } from '@conduit/transport';

/**
 * One list page to ask the upstream for, before a pager adds its own params.
 *
 * @example
 * ```ts
 * const context: PageContext = { path: '/tickets', query: {}, limit: 100, offset: undefined, baseUrl };
 * ```
 */
export interface PageContext {
  /** The action's path, filled from the params. */
  readonly path: string;
  /** The query of the filters and the action's fixed query. */
  readonly query: QueryParams;
  /** Records per page: the caller's `limit` or the default page size. */
  readonly limit: number;
  /** The caller's `offset` param (a `meta.next_page.offset` this pager gave), if any. */
  readonly offset: string | undefined;
  /** The connector's API root. */
  readonly baseUrl: string;
}

/**
 * The request a pager makes of a {@link PageContext}: a `path` under the API root with a query,
 * or an absolute `url` on the API root's origin (a next-page link).
 *
 * @example
 * ```ts
 * const request: PageRequest = { path: '/tickets', query: { 'page[size]': 100 } };
 * ```
 */
export interface PageRequest {
  readonly path?: string;
  readonly url?: string;
  readonly query?: QueryParams;
  readonly headers?: Record<string, string>;
}

/**
 * How one paging strategy runs: the request of a page, and the records and next-page pointer of
 * the upstream's answer.
 *
 * @example
 * ```ts
 * const request = pager.request(context);
 * const { records, next } = pager.page(body, parsedRecords, context);
 * ```
 */
export interface Pager {
  request(context: PageContext): PageRequest;
  /** The page's records (as parsed, or a slice of them) and the pointer to the next page. */
  page(
    body: unknown,
    records: unknown[],
    context: PageContext,
  ): { readonly records: unknown[]; readonly next: NextPage | null };
  /**
   * True when the pager sent `limit` upstream, so a page holding more records than that is the
   * upstream breaking its contract (see `PageLimitExceededError`).
   */
  readonly sendsLimit: boolean;
}
