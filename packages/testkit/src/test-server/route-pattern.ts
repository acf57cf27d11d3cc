import { ValidationError } from '@conduit/protocol';

/**
 * A compiled route pattern: `GET /tasks/:gid`, `/attachments/*`, `POST *`, or `*`.
 *
 * @example
 * ```ts
 * const pattern: RoutePattern = compileRoutePattern('GET /tasks/:gid');
 * pattern.match('GET', '/tasks/7'); // { gid: '7' }
 * ```
 */
export interface RoutePattern {
  readonly source: string;
  /** Upper-case method, or undefined for any method. */
  readonly method: string | undefined;
  match(method: string, path: string): Record<string, string> | undefined;
}

/**
 * Compiles a route pattern: an optional method, then a path where `:name` captures one segment and
 * a trailing `*` matches the rest. A lone `*` (or `GET *`) matches every path.
 *
 * @example
 * ```ts
 * compileRoutePattern('GET /tasks/:gid').match('GET', '/tasks/42'); // { gid: '42' }
 * compileRoutePattern('/files/*').match('PUT', '/files/a/b'); // { '*': 'a/b' }
 * ```
 */
export function compileRoutePattern(source: string): RoutePattern {
  const trimmed = source.trim();
  const space = trimmed.indexOf(' ');
  const method = space === -1 ? undefined : trimmed.slice(0, space).toUpperCase();
  const path = (space === -1 ? trimmed : trimmed.slice(space + 1)).trim();
  if (path !== '*' && !path.startsWith('/')) {
    const message = `Route pattern "${source}": the path must start with "/" or be "*"`;
    throw new ValidationError(message, {
      details: [{ field: 'route', message, error_code: 'invalid_param' }],
    });
  }
  const names: string[] = [];
  let regex: RegExp;
  if (path === '*') {
    names.push('*');
    regex = /^(.*)$/;
  } else {
    const parts = path.split('/').map((segment, index, all) => {
      if (segment === '*' && index === all.length - 1) {
        names.push('*');
        return '(.*)';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
    regex = new RegExp(`^${parts.join('/')}/?$`);
  }
  return {
    source,
    method,
    match(requestMethod, requestPath) {
      if (method !== undefined && method !== requestMethod.toUpperCase()) return undefined;
      const found = regex.exec(requestPath);
      if (!found) return undefined;
      const params: Record<string, string> = {};
      names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
      return params;
    },
  };
}
