import { decodeOffset, encodeOffset } from '../page-tokens';
import { foreignOffset } from './invalid-page';
import type { Pager } from './pager';

/**
 * For lists the upstream returns whole (Asana's workspace and team users, at most 2,000): one
 * upstream request, paged here by `limit` with offsets of our own.
 *
 * @example
 * ```ts
 * upstream: { path: '/teams/{team_gid}/users', paging: localPaging() }
 * ```
 */
export interface LocalPaging {
  readonly type: 'local';
}

/**
 * Declares {@link LocalPaging}.
 *
 * @example
 * ```ts
 * const paging = localPaging();
 * ```
 */
export function localPaging(): LocalPaging {
  return { type: 'local' };
}

function positionOf(offset: string | undefined): number {
  if (offset === undefined) return 0;
  const position = decodeOffset<{ index: number }>(
    offset,
    (value) => Number.isInteger(value.index) && (value.index as number) >= 0,
  );
  if (!position) throw foreignOffset();
  return position.index;
}

/** The pager of {@link LocalPaging}. */
export const localPager: Pager = {
  sendsLimit: false,
  request: (context) => {
    positionOf(context.offset);
    return { path: context.path, query: context.query };
  },
  page(_body, records, context) {
    const start = positionOf(context.offset);
    const end = start + context.limit;
    return {
      records: records.slice(start, end),
      next: end < records.length ? { offset: encodeOffset({ index: end }) } : null,
    };
  },
};
