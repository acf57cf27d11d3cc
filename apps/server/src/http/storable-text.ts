import { formatJsonPath, type JsonPathSegment, ValidationError } from '@conduit/protocol';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

// JSON escapes that can produce what PostgreSQL cannot store or compare (NUL, a UTF-16 surrogate).
// Raw NULs are invalid JSON and raw lone surrogates cannot survive the strict UTF-8 decoding, so a
// body without these escapes needs no walk.
// A high surrogate not followed by a low one, or a low one not preceded by a high one (code units:
// no `u` flag). `String.prototype.isWellFormed` is ES2024, past the project's library target.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `text` holds a lone UTF-16 surrogate (not valid UTF-8 once encoded).
 *
 * @example
 * ```ts
 * hasLoneSurrogate('\ud800'); // true
 * hasLoneSurrogate('\ud83d\ude00'); // false
 * ```
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

/**
 * Why PostgreSQL would refuse `text` (NUL is not allowed in `text`/`jsonb`; a lone surrogate is
 * not valid UTF-8), or undefined when it can be stored. SQLite stores both, so the API refuses them
 * on every store, and both answer alike.
 *
 * @example
 * ```ts
 * unstorableReason('a\u0000b'); // 'must not contain U+0000 (NUL)'
 * unstorableReason('ok'); // undefined
 * ```
 */
export function unstorableReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain U+0000 (NUL)';
  if (hasLoneSurrogate(text)) return 'must not contain a lone UTF-16 surrogate (\\ud800-\\udfff)';
  return undefined;
}

/**
 * The 400 answering unstorable text, naming the field.
 *
 * @example
 * ```ts
 * throw unstorableText('name', 'must not contain U+0000 (NUL)');
 * ```
 */
export function unstorableText(field: string, reason: string): ValidationError {
  const message = `${field} ${reason}`;
  return new ValidationError(message, {
    status: 400,
    code: 'invalid_text',
    details: [{ field, message, error_code: 'invalid_text' }],
  });
}

/**
 * Refuses a parsed JSON body holding, in any key or string value, text PostgreSQL cannot store
 * (see {@link unstorableReason}), naming its JSON path. `source` is the body's text: without a
 * suspect escape in it the walk is skipped.
 *
 * @throws ValidationError 400 `invalid_text`
 * @example
 * ```ts
 * assertStorableJson(text, JSON.parse(text));
 * ```
 */
export function assertStorableJson(source: string, value: unknown): void {
  if (!SUSPECT_ESCAPE.test(source)) return;
  const stack: [unknown, JsonPathSegment[]][] = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const reason = unstorableReason(current);
      if (reason) throw unstorableText(formatJsonPath(path) || 'body', reason);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        stack.push([current[index], [...path, index]]);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        const reason = unstorableReason(key);
        if (reason) throw unstorableText(formatJsonPath([...path, key]), `(a key) ${reason}`);
        stack.push([inner, [...path, key]]);
      }
    }
  }
}

/**
 * Middleware refusing a query string whose decoded names or values hold unstorable text, and,
 * on routes with path parameters, such a parameter (400 naming it).
 *
 * @example
 * ```ts
 * app.use('*', refuseUnstorableInput());
 * app.use('/v1/integrations/connectors/:id', refuseUnstorableInput());
 * ```
 */
export function refuseUnstorableInput(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const query = url.indexOf('?');
    if (query >= 0) {
      for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
        const reason = unstorableReason(name) ?? unstorableReason(value);
        if (reason) throw unstorableText(unstorableReason(name) === undefined ? name : 'query', reason);
      }
    }
    for (const [name, value] of Object.entries(c.req.param() as Record<string, string>)) {
      const reason = unstorableReason(value);
      if (reason) throw unstorableText(name, reason);
    }
    await next();
  };
}

/**
 * Middleware refusing a request whose path holds, in any percent-decoded segment, text PostgreSQL
 * cannot store (400 `invalid_text` naming `path`): so every route's path parameters, those of
 * features plugged in included, are checked as strictly as bodies, on both stores (issue 28).
 * Registered after the routes' own {@link refuseUnstorableInput}, which name the parameter.
 *
 * @example
 * ```ts
 * app.use('*', refuseUnstorablePath());
 * ```
 */
export function refuseUnstorablePath(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const end = url.indexOf('?', start);
    const path = start < 0 ? '' : url.slice(start, end < 0 ? undefined : end);
    if (path.includes('%')) {
      for (const segment of path.split('/')) {
        if (!segment.includes('%')) continue;
        let decoded: string;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          // A malformed escape reaches the routes as it was written: storable text.
          continue;
        }
        const reason = unstorableReason(decoded);
        if (reason) throw unstorableText('path', reason);
      }
    }
    await next();
  };
}
