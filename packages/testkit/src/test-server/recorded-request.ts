import type { IncomingHttpHeaders } from 'node:http';

/**
 * One request the test server received, as logged in `server.requests` and passed to handlers.
 *
 * @example
 * ```ts
 * const [first] = server.requests;
 * expect(first.headers.authorization).toBe('Bearer t');
 * expect(first.json()).toEqual({ name: 'x' });
 * ```
 */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly path: string;
  readonly query: URLSearchParams;
  /** Lower-cased header names, as Node parses them. */
  readonly headers: IncomingHttpHeaders;
  /** The whole request body (empty when there was none). */
  readonly body: Buffer;
  /** Parameters captured by the matching route (`:gid`, `*`); empty without a route. */
  readonly params: Readonly<Record<string, string>>;
  /** `Date.now()` when the request arrived. */
  readonly receivedAt: number;
  /** The body as UTF-8 text. */
  text(): string;
  /** The body parsed as JSON (throws if it is not JSON). */
  json<T = unknown>(): T;
  /** The body parsed as a form (`application/x-www-form-urlencoded`). */
  form(): URLSearchParams;
}

/** Builds a {@link RecordedRequest}. */
export function createRecordedRequest(init: {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  params: Record<string, string>;
}): RecordedRequest {
  const parsed = new URL(init.url, 'http://test.invalid');
  return {
    method: init.method,
    url: init.url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers: init.headers,
    body: init.body,
    params: init.params,
    receivedAt: Date.now(),
    text: () => init.body.toString('utf8'),
    json: <T>() => JSON.parse(init.body.toString('utf8')) as T,
    form: () => new URLSearchParams(init.body.toString('utf8')),
  };
}
