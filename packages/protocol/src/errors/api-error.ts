import { ConduitError, type ConduitErrorOptions, withDefaults } from './conduit-error';

/**
 * Options of an error that came back as an HTTP response.
 *
 * @example
 * ```ts
 * new ApiError('payment required', { status: 402, responseBody: { message: 'premium only' } });
 * ```
 */
export interface ApiErrorOptions extends ConduitErrorOptions {
  status: number;
  /** The response body, parsed as JSON when it was JSON, else its text (truncated). */
  responseBody?: unknown;
  /** Response headers, lower-cased. */
  responseHeaders?: Record<string, string>;
}

/**
 * An HTTP response the server answered with a failure status. Subclasses name the common cases;
 * `ApiError` itself covers the rest (400, 402, 409, 451, …).
 *
 * @example
 * ```ts
 * if (error instanceof ApiError && error.status === 402) console.log('premium only');
 * ```
 */
export class ApiError extends ConduitError {
  override readonly name: string = 'ApiError';
  override readonly status: number;
  readonly responseBody: unknown;
  readonly responseHeaders: Record<string, string>;

  constructor(message: string, options: ApiErrorOptions) {
    super(message, withDefaults({ code: 'api_error' }, options));
    this.status = options.status;
    this.responseBody = options.responseBody;
    this.responseHeaders = options.responseHeaders ?? {};
  }
}

/**
 * 401: missing, invalid or expired credentials. Refreshing credentials may help; retrying as is will not.
 *
 * @example
 * ```ts
 * if (error instanceof AuthenticationError) await refreshCredentials();
 * ```
 */
export class AuthenticationError extends ApiError {
  override readonly name: string = 'AuthenticationError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, withDefaults({ code: 'unauthorized' }, options));
  }
}

/**
 * 403: authenticated, but not allowed to see or do this.
 *
 * @example
 * ```ts
 * if (error instanceof PermissionError) console.log('not allowed:', error.message);
 * ```
 */
export class PermissionError extends ApiError {
  override readonly name: string = 'PermissionError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, withDefaults({ code: 'forbidden' }, options));
  }
}

/**
 * 404: the resource does not exist or is not visible to these credentials.
 *
 * @example
 * ```ts
 * if (error instanceof NotFoundError) return undefined;
 * ```
 */
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, withDefaults({ code: 'not_found' }, options));
  }
}

/**
 * Options of a rate-limit error.
 *
 * @example
 * ```ts
 * new RateLimitError('slow down', { status: 429, retryAfterMs: 2000 });
 * ```
 */
export interface RateLimitErrorOptions extends ApiErrorOptions {
  /** How long the server asked us to wait, from `Retry-After`, if it said. */
  retryAfterMs?: number;
}

/**
 * 429: too many requests. `retryAfterMs` is the server's requested wait, when it gave one.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) await sleep(error.retryAfterMs ?? 1000);
 * ```
 */
export class RateLimitError extends ApiError {
  override readonly name: string = 'RateLimitError';
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: RateLimitErrorOptions) {
    super(message, withDefaults({ code: 'rate_limited', retryable: true }, options));
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * 5xx: the server failed. Usually worth retrying.
 *
 * @example
 * ```ts
 * if (error instanceof ServerError && error.retryable) scheduleRetry();
 * ```
 */
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
  constructor(message: string, options: ApiErrorOptions) {
    super(message, withDefaults({ code: 'server_error', retryable: true }, options));
  }
}
