import {
  type ConduitError,
  decodeHostedError,
  definedOptions,
  type RequestDescription,
} from '@conduit/protocol';

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
 * @deprecated Use `decodeHostedError` of `@conduit/protocol`, the one codec of the hosted-service
 * contract; this is it, under its former name.
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
  return decodeHostedError(status, body, definedOptions({ headers, request }));
}
