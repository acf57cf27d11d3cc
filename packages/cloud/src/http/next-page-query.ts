import { ResponseValidationError } from '@conduit/protocol';

/**
 * The query of the next page, taken from the server's `next` link but never its host: the link
 * must address the same collection (its path ends with `collectionPath`), and only its query is
 * kept, with the caller's own filters (`pinned`) written over it. The request is then rebuilt on
 * the configured API root, so a link pointing at another host (a proxy's, or a hostile one) can
 * neither redirect the client nor leak its credentials, nor widen the listing to other
 * workspaces. Returns `undefined` for an empty link (the last page).
 *
 * @example
 * ```ts
 * nextPageQuery('https://elsewhere.example/v1/connections?limit=100&offset=100', '/connections', { workspaceIds: [ws] });
 * // 'limit=100&offset=100&workspaceIds=…'
 * ```
 */
export function nextPageQuery(
  link: string | null | undefined,
  collectionPath: string,
  pinned: Record<string, string | readonly string[]>,
): string | undefined {
  if (link === undefined || link === null || link.trim() === '') return undefined;
  let url: URL;
  try {
    // Relative links are resolved against a placeholder: only path and query are used anyway.
    url = new URL(link, 'http://next-link.invalid');
  } catch {
    throw invalidLink(link, 'it is not a URL');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(collectionPath)) throw invalidLink(link, `it does not address ${collectionPath}`);
  const query = new URLSearchParams(url.search);
  for (const [name, value] of Object.entries(pinned)) {
    query.delete(name);
    for (const item of typeof value === 'string' ? [value] : value) query.append(name, item);
  }
  return query.toString();
}

function invalidLink(link: string, why: string): ResponseValidationError {
  return new ResponseValidationError(`The platform sent a next-page link that cannot be followed: ${why}`, {
    details: [{ field: 'next', message: `${why}: ${link.slice(0, 200)}`, error_code: 'invalid_response' }],
  });
}
