import { ConduitError, type ErrorBody, errorBodyFrom, RateLimitError } from '@conduit/protocol';
import { HTTPException } from 'hono/http-exception';
import { StoreUnavailableError } from '../errors/store-unavailable-error';
import type { Logger } from '../logging/logger';
import { jsonResponse } from './json-response';

function json(status: number, body: ErrorBody, headers: Record<string, string> = {}): Response {
  return jsonResponse(body, status, { 'content-type': 'application/json; charset=utf-8', ...headers });
}

/**
 * The internal-error body: a fixed message and the request id (to find the logged cause), never
 * the error's own text or stack.
 *
 * @example
 * ```ts
 * internalErrorBody('4f0c…'); // { message: 'internal error', errors: [{ message: 'internal error (request id 4f0c…)', error_code: 'internal' }] }
 * ```
 */
export function internalErrorBody(requestId: string): ErrorBody {
  return {
    message: 'internal error',
    errors: [{ message: `internal error (request id ${requestId})`, error_code: 'internal' }],
  };
}

/**
 * Turns anything a handler threw into the response of contract §5: a Conduit error with an HTTP
 * status keeps its status and becomes `{message, errors}` (429 and 503 with `Retry-After`);
 * anything else is logged with the request id and answered 500 `internal`, with no detail.
 *
 * @example
 * ```ts
 * app.onError((error, c) => errorResponse(error, c.get('requestId'), c.get('logger')));
 * ```
 */
export function errorResponse(error: unknown, requestId: string, logger: Logger): Response {
  if (
    ConduitError.isInstance(error) &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status <= 599
  ) {
    const headers: Record<string, string> = {};
    if (error instanceof RateLimitError && error.retryAfterMs !== undefined) {
      headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
    }
    if (error instanceof StoreUnavailableError) {
      headers['retry-after'] = String(error.retryAfterSeconds);
      logger.warn('store unavailable', { error });
    } else if (error.status >= 500) {
      logger.warn('request failed', { error_code: error.code, status: error.status, error });
    }
    return json(error.status, errorBodyFrom(error), headers);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const message = error.message || 'bad request';
    return json(error.status, { message, errors: [{ message, error_code: 'bad_request' }] });
  }
  logger.error('unhandled error', { error: error instanceof Error ? error : new Error(String(error)) });
  return json(500, internalErrorBody(requestId));
}
