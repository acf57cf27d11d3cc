import type { IncomingMessage } from 'node:http';
import { ApiError, ValidationError } from '@conduit/protocol';
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { incomingOf } from './node-bindings';
import { assertStorableJson } from './storable-text';

// Stateless between calls (no `stream` option), so one fatal decoder serves every request.
const utf8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(limit: number): ApiError {
  return new ApiError(`the request body is larger than ${limit} bytes`, {
    status: 413,
    code: 'payload_too_large',
    details: [
      { message: `the request body must be at most ${limit} bytes`, error_code: 'payload_too_large' },
    ],
  });
}

function malformed(message: string): ValidationError {
  return new ValidationError(message, {
    status: 400,
    code: 'malformed_json',
    details: [{ message, error_code: 'malformed_json' }],
  });
}

/**
 * Refuses a request whose declared `Content-Length` is over the limit before reading any of it.
 *
 * @throws ApiError 413 `payload_too_large`
 * @example
 * ```ts
 * assertDeclaredLength(request.headers.get('content-length'), 1024 * 1024);
 * ```
 */
export function assertDeclaredLength(contentLength: string | null, limit: number): void {
  if (contentLength === null) return;
  const declared = Number(contentLength);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
}

/**
 * Reads a request body as JSON, counting bytes as they arrive and giving up as soon as the count
 * passes `limit` (a chunked upload never gets buffered whole). The body must be a JSON object.
 *
 * @throws ApiError 413 `payload_too_large`; ValidationError 400 `malformed_json`
 * @example
 * ```ts
 * const body = await readJsonObject(c.req.raw, config.bodyLimitBytes);
 * ```
 */
export async function readJsonObject(request: Request, limit: number): Promise<Record<string, unknown>> {
  assertDeclaredLength(request.headers.get('content-length'), limit);
  if (!request.body) throw malformed('a JSON object body is required');
  return parseJsonObject(await readStream(request.body, limit));
}

/**
 * {@link readJsonObject} for a handler: when the app is served by `listen`, the bytes are read
 * straight from the `node:http` request (same limits, same errors), without the web stream a
 * `Request` body would put around them. With `optional`, a request that sends no bytes at all (as
 * `curl -X POST` does, with no `Content-Length` and no `Content-Type`) reads as `{}`.
 *
 * @throws ApiError 413 `payload_too_large`; ValidationError 400 `malformed_json`
 * @example
 * ```ts
 * const body = await readJsonBody(c, config.bodyLimitBytes);
 * const options = await readJsonBody(c, config.bodyLimitBytes, { optional: true });
 * ```
 */
export async function readJsonBody(
  c: Context<AppEnv>,
  limit: number,
  options: { optional?: boolean } = {},
): Promise<Record<string, unknown>> {
  const bytes = await readBodyBytes(c, limit);
  if (options.optional && bytes.byteLength === 0) return {};
  return parseJsonObject(bytes);
}

/**
 * The request's body bytes, counted as they arrive (413 past `limit`), read from the `node:http`
 * request when there is one: what {@link readJsonBody} and the connect page's form reading share.
 *
 * @throws ApiError 413 `payload_too_large`
 * @example
 * ```ts
 * const form = new URLSearchParams((await readBodyBytes(c, limit)).toString('utf8'));
 * ```
 */
export async function readBodyBytes(c: Context<AppEnv>, limit: number): Promise<Buffer> {
  const incoming = incomingOf(c);
  let bytes: Buffer;
  if (incoming) {
    assertDeclaredLength(incoming.headers['content-length'] ?? null, limit);
    bytes = await readIncoming(incoming, limit);
  } else {
    // Only here may the Request's body be touched: on node:http its getter starts a web stream
    // that would read the same socket as `readIncoming`.
    const request = c.req.raw;
    assertDeclaredLength(request.headers.get('content-length'), limit);
    bytes = request.body ? await readStream(request.body, limit) : Buffer.alloc(0);
  }
  return bytes;
}

async function readStream(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The body of a `node:http` request, counted as it arrives. Past the limit it stops reading and
 * leaves the rest to the adapter, which drains it once the 413 is sent.
 */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  // Read already (nothing else here reads it): what there was is gone, as with a used body.
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        cleanup();
        incoming.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      if (incoming.readableEnded) return onEnd();
      cleanup();
      reject(incoming.errored ?? new Error('the client closed the connection before sending the whole body'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

function parseJsonObject(bytes: Buffer): Record<string, unknown> {
  if (bytes.byteLength === 0) throw malformed('a JSON object body is required');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw malformed('the request body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message can quote the input, which may hold a secret: say only where it broke.
    throw malformed('the request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError('the request body must be a JSON object', {
      status: 400,
      code: 'invalid_param',
      details: [{ message: 'the request body must be a JSON object', error_code: 'invalid_param' }],
    });
  }
  // NUL and lone surrogates: refused here, on every store, rather than by PostgreSQL with a 500.
  assertStorableJson(text, value);
  return value as Record<string, unknown>;
}
