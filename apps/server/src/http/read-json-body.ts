import { ApiError, ValidationError } from '@conduit/protocol';

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
  const reader = request.body.getReader();
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
  if (total === 0) throw malformed('a JSON object body is required');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, total));
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
  return value as Record<string, unknown>;
}
