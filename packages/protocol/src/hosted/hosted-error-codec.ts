import { definedOptions } from '../defined-options';
import {
  ApiError,
  type ApiErrorOptions,
  AuthenticationError,
  NotFoundError,
  PermissionError,
  ServerError,
} from '../errors/api-error';
import { CursorExpiredError, TimeoutError } from '../errors/client-errors';
import type { ConduitError } from '../errors/conduit-error';
import type { RequestDescription } from '../redact';
import { conduitErrorFromBody, type ErrorBody, errorBodyFrom } from './error-body';

/**
 * The body of a failed hosted-service response: the contract's `{message, errors}`, plus
 * `upstream_status` on the execute call's upstream failures (the upstream's status, null when it
 * never answered).
 *
 * @example
 * ```ts
 * const body: HostedErrorBody = { message: 'not found', errors: [{ message: 'not found', error_code: 'not_found' }], upstream_status: 404 };
 * ```
 */
export type HostedErrorBody = ErrorBody & { upstream_status?: number | null };

/**
 * A connector's own error classes by code (e.g. `premium_required`), so an upstream failure that
 * crossed the hosted service comes back as the class local mode throws.
 *
 * @example
 * ```ts
 * const classes: ErrorClasses = { premium_required: PremiumRequiredError };
 * ```
 */
export type ErrorClasses = Readonly<
  Record<string, new (message: string, options: ApiErrorOptions) => ApiError>
>;

/**
 * Encodes an error as the hosted service sends it: the body (see `errorBodyFrom`), with
 * `upstream_status` when the error is about an upstream's answer.
 *
 * @example
 * ```ts
 * return json(error.status, encodeHostedError(error, { upstreamStatus: 404 }));
 * ```
 */
export function encodeHostedError(
  error: ConduitError,
  options: { upstreamStatus?: number | null } = {},
): HostedErrorBody {
  const body = errorBodyFrom(error);
  return options.upstreamStatus === undefined ? body : { ...body, upstream_status: options.upstreamStatus };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function upstreamStatusOf(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  const status = body.upstream_status;
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
}

function upstreamApiError(
  upstreamStatus: number | undefined,
  message: string,
  options: ApiErrorOptions,
): ApiError {
  if (upstreamStatus === 404) return new NotFoundError(message, options);
  if (upstreamStatus === 403) return new PermissionError(message, options);
  if (upstreamStatus === 401) return new AuthenticationError(message, options);
  if (upstreamStatus === undefined || upstreamStatus >= 500) return new ServerError(message, options);
  return new ApiError(message, options);
}

/**
 * The error as the connector's own class, when `classes` has one for its code and it is not one
 * already (the hosted client saw only the code).
 *
 * @example
 * ```ts
 * throw reviveErrorClass(error, { premium_required: PremiumRequiredError });
 * ```
 */
export function reviveErrorClass<E>(error: E, classes: ErrorClasses | undefined): E | ApiError {
  if (!(error instanceof ApiError) || classes === undefined) return error;
  const api: ApiError = error;
  if (!Object.hasOwn(classes, api.code)) return error;
  const ErrorClass = classes[api.code] as ErrorClasses[string];
  // Checked on a copy of the reference, so `api` keeps its type below.
  const candidate: object = api;
  if (candidate instanceof ErrorClass) return api;
  return new ErrorClass(api.message, {
    status: api.status,
    code: api.code,
    details: api.details,
    retryable: api.retryable,
    responseBody: api.responseBody,
    responseHeaders: api.responseHeaders,
    request: api.request,
  });
}

/**
 * Decodes a failed response of the hosted service into the error local mode would have thrown:
 * `conduitErrorFromBody`, plus the execute call's upstream failures —
 *
 * - 502 `upstream_error`: the class of the upstream's status (`NotFoundError` for 404,
 *   `PermissionError` for 403, `ServerError` for 5xx or no answer, else `ApiError`, or the
 *   connector's own class from `errorClasses`), with that status and the upstream's own code;
 * - 502 `upstream_auth_failed`: `AuthenticationError` (the connector is `needs_reauth`);
 * - 504 `upstream_timeout`: `TimeoutError`;
 * - 400 `cursor_expired`: `CursorExpiredError`.
 *
 * None of these is retried: the service already retried the upstream within its deadline.
 * `encodeHostedError` is its inverse.
 *
 * @example
 * ```ts
 * throw decodeHostedError(response.status, body, { headers: response.headers, errorClasses: { premium_required: PremiumRequiredError } });
 * ```
 */
export function decodeHostedError(
  status: number,
  body: unknown,
  options: { headers?: Headers; request?: RequestDescription; errorClasses?: ErrorClasses } = {},
): ConduitError {
  const { headers, request } = options;
  const error = conduitErrorFromBody(status, body, headers, request);
  const common = { details: error.details, retryable: false, ...definedOptions({ request }) };
  if (status === 502 && error.code === 'upstream_error') {
    const upstreamStatus = upstreamStatusOf(body);
    const cause = error.details.find((detail) => detail.error_code !== 'upstream_error')?.error_code;
    const decoded = upstreamApiError(upstreamStatus, error.message, {
      ...common,
      status: upstreamStatus ?? status,
      code: cause ?? 'upstream_error',
      responseBody: body,
      ...(error instanceof ApiError ? { responseHeaders: error.responseHeaders } : {}),
    });
    return reviveErrorClass(decoded, options.errorClasses);
  }
  if (status === 502 && error.code === 'upstream_auth_failed') {
    return new AuthenticationError(error.message, {
      ...common,
      status: upstreamStatusOf(body) ?? status,
      code: 'upstream_auth_failed',
      responseBody: body,
    });
  }
  if (status === 504 && error.code === 'upstream_timeout') {
    return new TimeoutError(error.message, { ...common, status, code: 'upstream_timeout' });
  }
  if (status === 400 && error.code === 'cursor_expired') {
    return new CursorExpiredError(error.message, { ...common, status });
  }
  return reviveErrorClass(error, options.errorClasses) as ConduitError;
}
