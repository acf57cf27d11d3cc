import { readAt } from '../read-at';
import { foreignOffset, invalidPage } from './invalid-page';
import type { Pager } from './pager';

/**
 * Paging by a next-page URL the upstream gives (Salesforce's query: `nextRecordsUrl` until
 * `done`). The URL goes to the caller as the offset; coming back, it is followed only when it is
 * on the API root's origin (and under `pathPrefix`), so a forged offset can never send the
 * connector's credentials elsewhere.
 *
 * @example
 * ```ts
 * const paging: NextUrlPaging = nextUrlPaging({ pathPrefix: '/services/data/' });
 * ```
 */
export interface NextUrlPaging {
  readonly type: 'next-url';
  /** The next page's URL (absolute, or a path on the API root's origin). Default `nextRecordsUrl`. */
  readonly nextUrlAt: string;
  /** `true` on the last page, when the upstream says so. Default `done`. */
  readonly doneAt: string;
  /** A next URL must be under this path. Default `/`. */
  readonly pathPrefix: string;
  /** Query param of the page size on the first request, if the upstream takes one. */
  readonly limitParam?: string;
  /** A header that carries the page size instead, `{limit}` replaced, e.g. `batchSize={limit}`. */
  readonly limitHeader?: { readonly name: string; readonly value: string };
}

/**
 * Declares {@link NextUrlPaging}; the defaults are Salesforce's names.
 *
 * @example
 * ```ts
 * upstream: { path: '/query', recordsAt: 'records', paging: nextUrlPaging({ pathPrefix: '/services/data/' }) }
 * ```
 */
export function nextUrlPaging(options: Partial<Omit<NextUrlPaging, 'type'>> = {}): NextUrlPaging {
  return { type: 'next-url', nextUrlAt: 'nextRecordsUrl', doneAt: 'done', pathPrefix: '/', ...options };
}

/** The pager of {@link NextUrlPaging}. */
export function nextUrlPager(paging: NextUrlPaging): Pager {
  return {
    sendsLimit: paging.limitParam !== undefined || paging.limitHeader !== undefined,
    request(context) {
      const headers = paging.limitHeader
        ? {
            headers: {
              [paging.limitHeader.name]: paging.limitHeader.value.replace('{limit}', String(context.limit)),
            },
          }
        : {};
      if (context.offset === undefined) {
        return {
          path: context.path,
          query: { ...context.query, ...(paging.limitParam ? { [paging.limitParam]: context.limit } : {}) },
          ...headers,
        };
      }
      const root = new URL(context.baseUrl);
      let next: URL;
      try {
        next = new URL(context.offset, root);
      } catch {
        throw foreignOffset();
      }
      if (next.origin !== root.origin || !next.pathname.startsWith(paging.pathPrefix)) throw foreignOffset();
      // The next URL carries the query of the listing itself.
      return { url: next.toString(), ...headers };
    },
    page(body, records) {
      const url = readAt(body, paging.nextUrlAt);
      if (readAt(body, paging.doneAt) === true || url === null || url === undefined)
        return { records, next: null };
      if (typeof url !== 'string' || url === '') throw invalidPage(paging.nextUrlAt, 'must be a URL');
      return { records, next: { offset: url } };
    },
  };
}
