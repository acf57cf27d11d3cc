import {
  ApiError,
  type ApiErrorOptions,
  AuthenticationError,
  type ConduitError,
  CursorExpiredError,
  conduitErrorFromBody,
  NotFoundError,
  PermissionError,
  type RequestDescription,
  ServerError,
  TimeoutError,
} from '@conduit/protocol';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `upstream_status` of a service error body: the upstream's status, null when it never answered. */
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
 * The typed error for a failed response of the hosted service. Like `conduitErrorFromBody`, plus
 * the execute call's upstream failures, so hosted mode fails like local mode does:
 *
 * - 502 `upstream_error`: the class of the upstream's status (`NotFoundError` for 404,
 *   `PermissionError` for 403, `ServerError` for 5xx or no answer, else `ApiError`), with that
 *   status and the upstream's own code (e.g. `not_found`, `premium_required`);
 * - 502 `upstream_auth_failed`: `AuthenticationError` with that code (the connector is
 *   `needs_reauth`; the caller's own token is fine, so it is not renewed);
 * - 504 `upstream_timeout`: `TimeoutError`;
 * - 400 `cursor_expired`: `CursorExpiredError`.
 *
 * None of these is retried: the service already retried the upstream within its deadline.
 *
 * @example
 * ```ts
 * createTransport({ baseUrl, errorMapper: ({ status, body, headers, request }) => hostedErrorFromBody(status, body, headers, request) });
 * ```
 */
export function hostedErrorFromBody(
  status: number,
  body: unknown,
  headers?: Headers,
  request?: RequestDescription,
): ConduitError {
  const error = conduitErrorFromBody(status, body, headers, request);
  const common = {
    details: error.details,
    retryable: false,
    ...(request === undefined ? {} : { request }),
  };
  if (status === 502 && error.code === 'upstream_error') {
    const upstreamStatus = upstreamStatusOf(body);
    const cause = error.details.find((detail) => detail.error_code !== 'upstream_error')?.error_code;
    return upstreamApiError(upstreamStatus, error.message, {
      ...common,
      status: upstreamStatus ?? status,
      code: cause ?? 'upstream_error',
      responseBody: body,
      ...(error instanceof ApiError ? { responseHeaders: error.responseHeaders } : {}),
    });
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
  return error;
}
