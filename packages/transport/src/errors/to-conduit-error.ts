import {
  ConduitError,
  parseRetryAfterMs,
  type RequestDescription,
  ResponseValidationError,
  TimeoutError,
  zodIssueDetails,
} from '@conduit/protocol';
import { type BeforeErrorHook, isHTTPError, isNetworkError, isTimeoutError, SchemaValidationError } from 'ky';
import { type CallState, callStateOf, describeCall } from '../request/call-state';
import { createHttpError } from './create-http-error';
import { createNetworkError, isConnectionFailure } from './create-network-error';

/**
 * The typed, redacted Conduit error for whatever a call failed with: ky's `HTTPError` through the
 * connector's `errorMapper` (else the default status mapping), ky's timeout and network errors,
 * a response that failed its schema, a raw connection failure. A Conduit error passes through;
 * anything else (a bug, a hook's own error) is returned untouched. The latest raw error is mapped
 * once, however many layers ask.
 *
 * @example
 * ```ts
 * catch (error) { throw toConduitError(error, state); }
 * ```
 */
export function toConduitError(error: unknown, state: CallState): unknown {
  if (typeof error !== 'object' || error === null || ConduitError.isInstance(error)) return error;
  if (state.mappedFrom === error) return state.mappedTo;
  const mapped = mapError(error, state);
  state.mappedFrom = error;
  state.mappedTo = mapped;
  return mapped;
}

function mapError(error: object, state: CallState): unknown {
  const request = describeCall(state);
  if (isHTTPError(error)) {
    const { response } = error;
    const policy = state.prepared.retry;
    const retryAfterMs = parseRetryAfterMs(
      response.headers.get('retry-after'),
      policy ? policy.now() : Date.now(),
    );
    const context = { status: response.status, body: error.data, headers: response.headers, request };
    return (
      state.errorMapper?.(context) ??
      createHttpError({ ...context, statusText: response.statusText, retryAfterMs })
    );
  }
  if (isTimeoutError(error)) return timeoutError(state, request);
  if (isNetworkError(error)) return createNetworkError(error.cause ?? error, request);
  if (error instanceof SchemaValidationError) return schemaError(error, state, request);
  if (isConnectionFailure(error)) return createNetworkError(error, request);
  return error;
}

/**
 * The `TimeoutError` of an attempt that ran out of time.
 *
 * @example
 * ```ts
 * deadline.abort(timeoutError(state, describeCall(state)));
 * ```
 */
export function timeoutError(state: CallState, request: RequestDescription): TimeoutError {
  const { timeoutMs } = state.prepared;
  return new TimeoutError(`${request.method} ${request.url} timed out after ${timeoutMs} ms`, {
    timeoutMs,
    request,
  });
}

function schemaError(
  error: SchemaValidationError,
  state: CallState,
  request: RequestDescription,
): ResponseValidationError {
  const details = zodIssueDetails(error.issues, { errorCode: 'invalid_response', whole: 'response body' });
  const listed = details
    .slice(0, 3)
    .map((detail) => detail.message)
    .join('; ');
  const more = details.length > 3 ? `; and ${details.length - 3} more` : '';
  return new ResponseValidationError(
    `The response to ${request.method} ${request.url} does not have the expected shape: ${listed}${more}`,
    { status: state.status, request, details },
  );
}

/**
 * ky's `beforeError` hook: every error ky throws leaves it as a typed, redacted Conduit error. The
 * caller's abort reason is left alone (the transport rethrows the reason itself).
 *
 * @example
 * ```ts
 * ky.create({ hooks: { beforeError: [conduitErrorHook] } });
 * ```
 */
export const conduitErrorHook: BeforeErrorHook = ({ error, options }) => {
  const state = callStateOf(options);
  if (state.prepared.signal?.aborted) return error;
  const mapped = toConduitError(error, state);
  return mapped instanceof Error ? mapped : error;
};
