import type { QueryParams } from '@conduit/transport';
import type { PageContext, PageRequest } from './pager';

/**
 * The request of one page at the action's path: its query with the strategy's two paging params
 * added after it, in the order given (a param whose value is undefined, such as the token of the
 * first page, is left out). The params come as names and values, not as an object with computed
 * keys, and the query is copied into a fresh `{}` (room for a few properties in the object
 * itself): this runs for every page, and the object-shaped version took about 2 ms of CPU over a
 * 2000-page walk.
 *
 * @example
 * ```ts
 * pagedRequest(context, 'limit', context.limit, 'offset', context.offset);
 * // { path: '/projects', query: { workspace: '1', limit: 100 } } on the first page
 * ```
 */
export function pagedRequest(
  context: PageContext,
  firstParam: string,
  first: string | number | undefined,
  secondParam: string,
  second: string | number | undefined,
): PageRequest {
  const query: QueryParams = {};
  const base = context.query;
  for (const name in base) query[name] = base[name];
  if (first !== undefined) query[firstParam] = first;
  if (second !== undefined) query[secondParam] = second;
  return { path: context.path, query };
}
