import { ValidationError } from '@conduit/protocol';
import type { QueryParams } from './request-options';

/**
 * A request's URL, built: its `href`, and the `origin` it goes to.
 *
 * @example
 * ```ts
 * const { href, origin } = buildUrl(baseUrl, { path: '/tasks/1' });
 * ```
 */
export interface BuiltUrl {
  href: string;
  origin: string;
}

/**
 * The URL of a request: `path` joined onto `baseUrl` (keeping its path prefix, e.g. `/api/1.0`), or
 * the absolute `url`; then `query` appended. A `path` that resolves outside the base path (`..`
 * segments from an unencoded id) is refused rather than sent somewhere unintended.
 *
 * @example
 * ```ts
 * buildUrl('https://app.asana.com/api/1.0', { path: '/tasks/1', query: { opt_fields: 'name' } }).href;
 * // 'https://app.asana.com/api/1.0/tasks/1?opt_fields=name'
 * ```
 */
export function buildUrl(
  baseUrl: URL | string,
  target: { path?: string; url?: string; query?: QueryParams },
): BuiltUrl {
  if (target.path !== undefined && target.url !== undefined) {
    throw invalid('url', 'give either path or url, not both');
  }
  const search = queryString(target.query);
  if (target.url !== undefined) {
    const url = parseHttpUrl(target.url, 'url');
    return { href: withQuery(url, search).href, origin: url.origin };
  }
  const base = typeof baseUrl === 'string' ? parseHttpUrl(baseUrl, 'baseUrl') : baseUrl;
  const parts = partsOf(base);
  const path = target.path ?? '';
  if (!path.includes('?') && !path.includes('#')) {
    // The common case, a path of its own without a query: its URL is checked once (see
    // pathHrefOf) and the query, already form-encoded, is appended as the URL parser would.
    const href = pathHrefOf(parts, path);
    return { href: search === '' ? href : `${href}?${search}`, origin: parts.origin };
  }
  return { href: withQuery(resolvePath(parts, path), search).href, origin: parts.origin };
}

interface BaseParts {
  href: string;
  origin: string;
  prefix: string;
  /** Checked path → its href, for the paths requested lately (see pathHrefOf). */
  paths: Map<string, string>;
}

// A transport's base URL is the same object on every request: its origin and path prefix (each
// read builds a new string) are worked out once.
// (Keyed by the href as well, which is a stored string, in case the URL object was changed since.)
const baseParts = new WeakMap<URL, BaseParts>();
// Paths hold ids, so a long-running process sees endless distinct ones: the cache is emptied
// when full rather than kept in use order, which is enough for a listing's one path.
const MAX_CACHED_PATHS = 256;

function partsOf(base: URL): BaseParts {
  let parts = baseParts.get(base);
  if (parts === undefined || parts.href !== base.href) {
    parts = {
      href: base.href,
      origin: base.origin,
      prefix: base.pathname.replace(/\/+$/, ''),
      paths: new Map(),
    };
    baseParts.set(base, parts);
  }
  return parts;
}

/**
 * The href of a path without a query of its own, parsed and checked against the base path the
 * first time it is seen: every page of a listing asks for the same path with another offset, and
 * parsing and checking it again per page cost more than the rest of preparing the request.
 */
function pathHrefOf(parts: BaseParts, path: string): string {
  let href = parts.paths.get(path);
  if (href === undefined) {
    href = resolvePath(parts, path).href;
    if (parts.paths.size >= MAX_CACHED_PATHS) parts.paths.clear();
    parts.paths.set(path, href);
  }
  return href;
}

/** `path` under the base's prefix, parsed; refused if it resolves outside that prefix. */
function resolvePath(parts: BaseParts, path: string): URL {
  const { origin, prefix } = parts;
  const url = new URL(`${origin}${prefix}/${path.replace(/^\/+/, '')}`);
  const resolvedPath = url.pathname;
  if (url.origin !== origin || !(resolvedPath === prefix || resolvedPath.startsWith(`${prefix}/`))) {
    throw invalid('path', `path "${path}" resolves outside the base URL path "${prefix || '/'}"`);
  }
  return url;
}

/** `url` with `search` (form-encoded) after its own query, which stays as written. */
function withQuery(url: URL, search: string): URL {
  if (search !== '') url.search = url.search === '' ? search : `${url.search.slice(1)}&${search}`;
  return url;
}

/** `query` in `application/x-www-form-urlencoded` form (`''` when it adds nothing). */
function queryString(query: QueryParams | undefined): string {
  if (query === undefined) return '';
  const search = new URLSearchParams();
  for (const name in query) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(name, String(item));
    } else {
      search.append(name, String(value));
    }
  }
  return search.toString();
}

/**
 * Parses an absolute `http:` or `https:` URL or throws a `ValidationError` naming `field`.
 *
 * @example
 * ```ts
 * parseHttpUrl('https://app.asana.com/api/1.0', 'baseUrl');
 * ```
 */
export function parseHttpUrl(value: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(field, `${field} must be an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(field, `${field} must use http or https, not ${url.protocol}`);
  }
  return url;
}

function invalid(field: string, message: string): ValidationError {
  return new ValidationError(message, { details: [{ field, message, error_code: 'invalid_param' }] });
}
