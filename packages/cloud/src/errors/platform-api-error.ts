import { PlatformError, type PlatformErrorOptions } from './platform-error';

/**
 * Options of {@link PlatformApiError}.
 *
 * @example
 * ```ts
 * new PlatformApiError('try-again-later: A sync is already running', { status: 409, problemType: 'https://…#try-again-later' });
 * ```
 */
export interface PlatformApiErrorOptions extends PlatformErrorOptions {
  status: number;
  /** The problem's `type` (public API) or the exception class (Config API), when the body had one. */
  problemType?: string;
  /** The problem's `title` slug, e.g. `try-again-later`. */
  title?: string;
  /** The body, redacted (JSON) or truncated (text). */
  responseBody?: unknown;
  /** How long the server asked us to wait, from `Retry-After`. */
  retryAfterMs?: number;
}

/**
 * The platform answered an API call with a failure status other than 404 (which is
 * {@link PlatformMissingResourceError}): 400 bad request, 401, 403 (for example a missing
 * `ORGANIZATION_READER` permission), 409 conflicts, 422, 429, 5xx. `status`, `problemType`,
 * `title`, the redacted `responseBody` and `request` say what happened; `retryable` is true for
 * 408, 429 and 5xx (the transport has already retried those before this is thrown).
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformApiError && error.status === 403) console.log('ask for ORGANIZATION_READER');
 * }
 * ```
 */
export class PlatformApiError extends PlatformError {
  override readonly name: string = 'PlatformApiError';
  override readonly status: number;
  readonly problemType: string | undefined;
  readonly title: string | undefined;
  readonly responseBody: unknown;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: PlatformApiErrorOptions) {
    super(message, { code: 'api_error', ...options });
    this.status = options.status;
    this.problemType = options.problemType;
    this.title = options.title;
    this.responseBody = options.responseBody;
    this.retryAfterMs = options.retryAfterMs;
  }
}
