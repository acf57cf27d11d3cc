import type { CursorPaging } from './cursor-paging';
import type { CustomPaging } from './custom-paging';
import type { LocalPaging } from './local-paging';
import type { NextUrlPaging } from './next-url-paging';
import type { OffsetPaging } from './offset-paging';
import type { OffsetTokenPaging } from './offset-token-paging';
import type { PageNumberPaging } from './page-number-paging';

/**
 * How a list pages upstream, declared as data on the action (`upstream.paging`):
 *
 * - `offset-token`: an opaque token in the body (Asana's `next_page.offset`);
 * - `cursor`: `page[after]` cursors with `meta.has_more` (Zendesk);
 * - `next-url`: a next-page URL until `done` (Salesforce's `nextRecordsUrl`);
 * - `offset` and `page-number`: numeric offsets or page numbers;
 * - `local`: the upstream returns the whole list, paged here;
 * - `custom`: code of the connector's own, for what none of these covers.
 *
 * Every strategy hands the caller its position as `meta.next_page.offset`, which comes back as
 * the `offset` param: list actions declare `limit` and `offset` params (see `pageParams`).
 *
 * @example
 * ```ts
 * const paging: PagingStrategy = cursorPaging();
 * ```
 */
export type PagingStrategy =
  | OffsetTokenPaging
  | CursorPaging
  | NextUrlPaging
  | OffsetPaging
  | PageNumberPaging
  | LocalPaging
  | CustomPaging;
