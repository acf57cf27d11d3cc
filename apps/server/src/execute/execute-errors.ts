import {
  ApiError,
  AuthenticationError,
  ConduitError,
  CursorExpiredError,
  EgressDeniedError,
  type ErrorDetail,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ResponseLimitError,
  ResponseValidationError,
  TimeoutError,
} from '@conduit/protocol';
import { UpstreamFailureError } from './upstream-failure-error';

/**
 * The longest upstream `Retry-After` passed on to callers, in seconds (an hour): an upstream (or
 * one impersonating it) must not tell clients to go away for years, or send a value that is not a
 * number at all once converted.
 */
export const MAX_PASSED_RETRY_AFTER_SECONDS = 3600;

/** What the messages of mapped failures name. */
export interface ExecuteFailureContext {
  /** The upstream product, as `connectorKind(type).vendor` names it. */
  readonly vendor: string;
  /** The action that failed (`get`, `download`, …): a missing record is a 404 only for one record. */
  readonly action?: string;
}

function detail(message: string, errorCode: string, field?: string): ErrorDetail {
  return { ...(field === undefined ? {} : { field }), message, error_code: errorCode };
}

/**
 * Builds the 504 of an execute request whose deadline passed while the upstream was being called.
 *
 * @example
 * ```ts
 * controller.abort(upstreamTimeout(connectorKind(type).vendor, 30_000));
 * ```
 */
export function upstreamTimeout(vendor: string, timeoutMs: number): TimeoutError {
  const message = `${vendor} did not answer within ${timeoutMs} ms`;
  return new TimeoutError(message, {
    status: 504,
    code: 'upstream_timeout',
    timeoutMs,
    details: [detail(message, 'upstream_timeout')],
  });
}

/**
 * Turns what an executor threw into the service's answer (contract §5):
 *
 * | executor error | answer |
 * |---|---|
 * | `CursorExpiredError` | 400 `cursor_expired` (`params.offset`) |
 * | `AuthenticationError` (refused after a refresh attempt, or `invalid_grant`) | 502 `upstream_auth_failed` |
 * | `RateLimitError` (the wait passes the deadline) | 429 `upstream_rate_limited`, the upstream's `Retry-After` |
 * | `TimeoutError` | 504 `upstream_timeout` |
 * | `NetworkError` | 502 `upstream_error`, `upstream_status: null` |
 * | `ResponseValidationError` | 502 `upstream_error` (cause `invalid_response`) |
 * | `NotFoundError` of a `get` or `download` | 404 `not_found`, the upstream's message |
 * | any other `ApiError`, e.g. 402 `PremiumRequiredError`, 404, 5xx | 502 `upstream_error`, `upstream_status`, the upstream's message and code |
 * | `download_unavailable` | 400 `download_unavailable` |
 *
 * Only failures that carry the upstream request they answered are mapped as the upstream's;
 * errors that already carry a service status (validation, 504 deadline, store unavailable, a
 * connector deleted while its token was refreshed) and anything else (a bug: 500) pass through.
 *
 * @example
 * ```ts
 * catch (error) { throw translateExecuteError(error, { vendor: connectorKind(type).vendor }); }
 * ```
 */
export function translateExecuteError(error: unknown, context: ExecuteFailureContext): unknown {
  if (!ConduitError.isInstance(error) || error instanceof UpstreamFailureError) return error;
  const { vendor } = context;
  // Failed upstream responses carry the (redacted) request they answered; errors of the server's
  // own services met on the way (a refreshed token's connector deleted meanwhile) do not.
  const fromUpstream = error.request !== undefined;
  if (error instanceof EgressDeniedError) {
    // The host is named (the tenant gave it or the upstream did); the address it resolved to is not.
    const message =
      error.refusal === 'host-not-allowed'
        ? `${vendor}: the server does not connect to ${error.host} (not an allowed host for this connector kind)`
        : `${vendor}: the server does not connect to ${error.host} (${error.refusal} address)`;
    return new UpstreamFailureError(message, {
      status: 502,
      code: 'egress_denied',
      details: [detail(message, 'egress_denied')],
    });
  }
  if (error instanceof ResponseLimitError) {
    const message = `${vendor} answered with a response past the server's ${error.limit.replaceAll('_', ' ')} limit (${error.max})`;
    return new UpstreamFailureError(message, {
      status: 502,
      code: 'upstream_response_too_large',
      details: [detail(message, 'upstream_response_too_large')],
    });
  }
  if (error instanceof CursorExpiredError) {
    const message = `${error.message.replace(/\.?$/, '.')} Restart the listing without params.offset.`;
    return new CursorExpiredError(message, {
      status: 400,
      details: [detail(message, 'cursor_expired', 'params.offset')],
    });
  }
  if (error instanceof AuthenticationError && fromUpstream) {
    const message = `${vendor} refused the connector's credentials even after a refresh attempt; the connector is now needs_reauth and must be authorized again`;
    return new UpstreamFailureError(message, {
      status: 502,
      code: 'upstream_auth_failed',
      upstreamStatus: error.status,
      details: [detail(message, 'upstream_auth_failed'), detail(error.message, error.code)],
    });
  }
  if (error instanceof RateLimitError && fromUpstream) {
    const asked = Math.ceil((error.retryAfterMs ?? 1000) / 1000);
    const seconds = Number.isFinite(asked)
      ? Math.min(MAX_PASSED_RETRY_AFTER_SECONDS, Math.max(1, asked))
      : MAX_PASSED_RETRY_AFTER_SECONDS;
    const message = `${vendor} is rate limiting this connector; retry in ${seconds} s`;
    return new RateLimitError(message, {
      status: 429,
      code: 'upstream_rate_limited',
      retryAfterMs: seconds * 1000,
      details: [detail(message, 'upstream_rate_limited')],
    });
  }
  if (error instanceof TimeoutError) {
    return error.code === 'upstream_timeout' && error.status === 504
      ? error
      : upstreamTimeout(vendor, error.timeoutMs ?? 0);
  }
  if (error instanceof NetworkError) {
    const message = `${vendor} could not be reached (${error.code})`;
    return new UpstreamFailureError(message, {
      status: 502,
      code: 'upstream_error',
      details: [detail(message, 'upstream_error')],
    });
  }
  if (error instanceof ResponseValidationError) {
    const message = `${vendor} answered with a response of an unexpected shape`;
    return new UpstreamFailureError(message, {
      status: 502,
      code: 'upstream_error',
      upstreamStatus: error.status,
      details: [detail(message, 'upstream_error'), detail(error.message, error.code)],
    });
  }
  if (
    error instanceof NotFoundError &&
    fromUpstream &&
    (context.action === 'get' || context.action === 'download')
  ) {
    const message = `${vendor} has no such record: ${error.message}`;
    return new NotFoundError(message, {
      status: 404,
      code: 'not_found',
      details: [detail(message, 'not_found')],
    });
  }
  if (error instanceof ApiError && fromUpstream) {
    const message = `${vendor} answered ${error.status}: ${error.message}`;
    return new UpstreamFailureError(message, {
      status: 502,
      code: 'upstream_error',
      upstreamStatus: error.status,
      details: [detail(message, 'upstream_error'), detail(error.message, error.code)],
    });
  }
  if (error.code === 'download_unavailable') {
    return new ConduitError(error.message, {
      status: 400,
      code: 'download_unavailable',
      details: [detail(error.message, 'download_unavailable', 'params.attachment_gid')],
    });
  }
  return error;
}
