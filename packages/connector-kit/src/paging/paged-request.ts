import type { PageContext, PageRequest } from './pager';

/**
 * The request of one page at the action's path: its query with the strategy's paging params
 * added, in the order given (a param whose value is undefined, such as the token of the first
 * page, is left out).
 *
 * @example
 * ```ts
 * pagedRequest(context, { limit: context.limit, offset: context.offset });
 * // { path: '/projects', query: { workspace: '1', limit: 100 } } on the first page
 * ```
 */
export function pagedRequest(
  context: PageContext,
  params: Readonly<Record<string, string | number | undefined>>,
): PageRequest {
  const query = { ...context.query };
  for (const name in params) {
    const value = params[name];
    if (value !== undefined) query[name] = value;
  }
  return { path: context.path, query };
}
