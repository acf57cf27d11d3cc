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
  let url: URL;
  if (target.url !== undefined) {
    url = parseHttpUrl(target.url, 'url');
  } else {
    const base = typeof baseUrl === 'string' ? parseHttpUrl(baseUrl, 'baseUrl') : baseUrl;
    const prefix = base.pathname.replace(/\/+$/, '');
    const path = (target.path ?? '').replace(/^\/+/, '');
    url = new URL(`${base.origin}${prefix}/${path}`);
    const resolvedPath = url.pathname;
    if (url.origin !== base.origin || !(resolvedPath === prefix || resolvedPath.startsWith(`${prefix}/`))) {
      throw invalid('path', `path "${target.path}" resolves outside the base URL path "${prefix || '/'}"`);
    }
  }
  if (target.query === undefined) return url;
  // Appended to a detached URLSearchParams and set once: appending through `url.searchParams`
  // re-serializes the whole URL after every parameter.
  const search = new URLSearchParams(url.search);
  let added = false;
  for (const name in target.query) {
    const value = target.query[name];
    if (value === undefined || value === null) continue;
    added = true;
    if (Array.isArray(value)) {
      for (const item of value) search.append(name, String(item));
    } else {
      search.append(name, String(value));
    }
  }
  if (added) url.search = search.toString();
  return url;
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
