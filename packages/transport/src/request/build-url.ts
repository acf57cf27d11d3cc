import { ValidationError } from '@conduit/protocol';
import type { QueryParams } from './request-options';

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
): URL {
  if (target.path !== undefined && target.url !== undefined) {
    throw invalid('url', 'give either path or url, not both');
  }
  const search = queryString(target.query);
  let url: URL;
  if (target.url !== undefined) {
    url = parseHttpUrl(target.url, 'url');
  } else {
    const base = typeof baseUrl === 'string' ? parseHttpUrl(baseUrl, 'baseUrl') : baseUrl;
    const { origin, prefix } = partsOf(base);
    const path = (target.path ?? '').replace(/^\/+/, '');
    const href = `${origin}${prefix}/${path}`;
    // One parse per request: a path without a query or fragment of its own takes the query as is.
    const whole = search !== '' && !path.includes('?') && !path.includes('#');
    url = new URL(whole ? `${href}?${search}` : href);
    const resolvedPath = url.pathname;
    if (url.origin !== origin || !(resolvedPath === prefix || resolvedPath.startsWith(`${prefix}/`))) {
      throw invalid('path', `path "${target.path}" resolves outside the base URL path "${prefix || '/'}"`);
    }
    if (whole) return url;
  }
  if (search === '') return url;
  url.search = url.search === '' ? search : `${url.search.slice(1)}&${search}`;
  return url;
}

// A transport's base URL is the same object on every request: its origin and path prefix (each
// read builds a new string) are worked out once.
// (Keyed by the href as well, which is a stored string, in case the URL object was changed since.)
const baseParts = new WeakMap<URL, { href: string; origin: string; prefix: string }>();

function partsOf(base: URL): { origin: string; prefix: string } {
  let parts = baseParts.get(base);
  if (parts === undefined || parts.href !== base.href) {
    parts = { href: base.href, origin: base.origin, prefix: base.pathname.replace(/\/+$/, '') };
    baseParts.set(base, parts);
  }
  return parts;
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
