import {
  ApiError,
  type ApiErrorOptions,
  AuthenticationError,
  type ConduitError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  type RequestDescription,
  redactHeaders,
  redactValue,
  ServerError,
} from '@conduit/protocol';

/**
 * What an error mapper sees of a failed response.
 *
 * @example
 * ```ts
 * const mapper = ({ status, body, request }: ErrorMapperContext) =>
 *   status === 402 ? new ApiError(errorMessageFromBody(body) ?? 'Payment required', { status, request }) : undefined;
 * ```
 */
export interface ErrorMapperContext {
  status: number;
  /** The body: parsed when it was JSON, else its text; `undefined` when empty or unreadable. Not redacted. */
  body: unknown;
  headers: Headers;
  /** The request, redacted, for the error's `request` field. */
  request: RequestDescription;
}

/**
 * A connector's own mapping of failed responses, tried before the default status mapping. Return
 * `undefined` to fall through to it.
 *
 * @example
 * ```ts
 * const errorMapper: ErrorMapper = ({ status, body, request }) =>
 *   status === 402 ? new PremiumRequiredError(errorMessageFromBody(body) ?? 'Payment required', { status, request }) : undefined;
 * ```
 */
export type ErrorMapper = (context: ErrorMapperContext) => ConduitError | undefined;

const MAX_TEXT_BODY = 2_000;
const MAX_MESSAGE = 500;

/**
 * The human message of an error body, from the usual fields: `message`, `error_description`,
 * `error` (string or `{message}`), or `errors[0].message` (Asana, JSON:API). A short plain-text
 * body is its own message; HTML pages are not.
 *
 * @example
 * ```ts
 * errorMessageFromBody({ errors: [{ message: 'task: Not a valid gid' }] }); // 'task: Not a valid gid'
 * errorMessageFromBody('<html><body>504 Gateway Time-out</body></html>'); // undefined
 * ```
 */
export function errorMessageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '' || text.startsWith('<')) return undefined;
    return truncate(text.replace(/\s+/g, ' '), MAX_MESSAGE);
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const candidates: unknown[] = [record.message, record.error_description];
  const error = record.error;
  if (typeof error === 'object' && error !== null)
    candidates.push((error as Record<string, unknown>).message);
  else candidates.push(error);
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    const first = record.errors[0];
    candidates.push(typeof first === 'string' ? first : (first as Record<string, unknown> | null)?.message);
  }
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '')
      return truncate(candidate.trim(), MAX_MESSAGE);
  }
  return undefined;
}

/**
 * The default mapping of a failed response to a Conduit error: 401 `AuthenticationError`, 403
 * `PermissionError`, 404 `NotFoundError`, 429 `RateLimitError` (with `retryAfterMs`), 5xx
 * `ServerError`, any other status `ApiError`. The body is kept redacted (JSON) or truncated (text),
 * and response headers are redacted.
 *
 * @example
 * ```ts
 * const error = createHttpError({ status: 404, body: { errors: [{ message: 'Unknown task' }] }, headers, request });
 * error instanceof NotFoundError; // true
 * ```
 */
export function createHttpError(
  context: ErrorMapperContext & { statusText?: string; retryAfterMs?: number },
): ApiError {
  const { status } = context;
  const message =
    errorMessageFromBody(context.body) ??
    `HTTP ${status}${context.statusText ? ` ${context.statusText}` : ''}`;
  const options: ApiErrorOptions = {
    status,
    request: context.request,
    responseBody: safeBody(context.body),
    responseHeaders: redactHeaders(context.headers),
  };
  if (status === 401) return new AuthenticationError(message, options);
  if (status === 403) return new PermissionError(message, options);
  if (status === 404) return new NotFoundError(message, options);
  if (status === 429) {
    return new RateLimitError(
      message,
      context.retryAfterMs === undefined ? options : { ...options, retryAfterMs: context.retryAfterMs },
    );
  }
  if (status >= 500) return new ServerError(message, options);
  // 408 is the server giving up on a slow request: worth another try, like a 5xx.
  return new ApiError(message, status === 408 ? { ...options, retryable: true } : options);
}

/** Error bodies end up in logs and `--json` output: secrets out, HTML pages cut short. */
function safeBody(body: unknown): unknown {
  if (typeof body === 'string') return truncate(body, MAX_TEXT_BODY);
  return redactValue(body);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
