import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/**
 * A body the test server can send: text, bytes, or chunks produced on demand.
 *
 * @example
 * ```ts
 * const body: TestBody = (function* () { yield new Uint8Array(1024); })();
 * ```
 */
export type TestBody = string | Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * A canned response. Give `json` (sent with `content-type: application/json`) or `body`. Chunked
 * bodies (iterables) are written with backpressure, so a generator can produce gigabytes in
 * constant memory; set `content-length` yourself if the client should know the size. A generator
 * runs once: in a reply served more than once, give a function that creates it.
 *
 * @example
 * ```ts
 * const reply: TestReply = { status: 201, headers: { location: '/tasks/1' }, json: { data: { gid: '1' } } };
 * const download: TestReply = { body: function* () { yield new Uint8Array(1024); } };
 * ```
 */
export interface TestReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string | number | readonly string[]>;
  json?: unknown;
  body?: TestBody | (() => TestBody);
}

/**
 * Writes a {@link TestReply} and ends the response. Stops early (without throwing) if `signal`
 * aborts, which happens when the client goes away or the server closes.
 *
 * @example
 * ```ts
 * await writeTestReply(response, { json: { ok: true } }, signal);
 * ```
 */
export async function writeTestReply(
  response: ServerResponse,
  reply: TestReply,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string | number | readonly string[]> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name.toLowerCase()] = value;
  let body = typeof reply.body === 'function' ? reply.body() : reply.body;
  if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    headers['content-length'] ??= bytes.byteLength;
    response.writeHead(reply.status ?? 200, headers as Record<string, string | number | string[]>);
    response.end(bytes);
    return;
  }
  response.writeHead(reply.status ?? 200, headers as Record<string, string | number | string[]>);
  if (body === undefined) {
    response.end();
    return;
  }
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      if (signal.aborted) return;
      if (!response.write(chunk)) await once(response, 'drain', { signal });
    }
    response.end();
  } catch (error) {
    // The client left or the server is closing: nobody is reading any more.
    if (signal.aborted) return;
    throw error;
  }
}
