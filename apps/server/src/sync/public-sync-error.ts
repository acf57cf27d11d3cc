import {
  ApiError,
  ConduitError,
  EgressDeniedError,
  NetworkError,
  RateLimitError,
  ResponseLimitError,
  ResponseValidationError,
  TimeoutError,
} from '@conduit/protocol';

/**
 * What a sync failure is called where tenants read it (the sync summary): the kind of failure, the
 * upstream's status and error code, never the upstream's address, the socket's error code or a
 * message that quotes either. The whole error goes to the server's log.
 *
 * @example
 * ```ts
 * publicSyncError(new NetworkError('GET http://10.0.0.7/tasks failed: connect ECONNREFUSED 10.0.0.7:80'));
 * // 'the upstream could not be reached'
 * ```
 */
export function publicSyncError(error: unknown): string {
  if (error instanceof EgressDeniedError) {
    return error.refusal === 'host-not-allowed'
      ? 'the upstream host is not allowed by the server'
      : `the upstream address is refused by the server (${error.refusal})`;
  }
  if (error instanceof ResponseLimitError) {
    return `the upstream answer passed the server's ${error.limit.replaceAll('_', ' ')} limit`;
  }
  if (error instanceof TimeoutError) return 'the upstream did not answer in time';
  if (error instanceof NetworkError) return 'the upstream could not be reached';
  if (error instanceof RateLimitError) return 'the upstream kept rate limiting the connector (429)';
  if (error instanceof ResponseValidationError) return 'the upstream answered with an unexpected shape';
  if (error instanceof ApiError && error.status !== undefined) {
    return `the upstream answered ${error.status}${error.code === 'error' ? '' : ` (${error.code})`}`;
  }
  if (ConduitError.isInstance(error)) return `the sync failed (${error.code})`;
  return 'the sync failed (internal error; see the server log)';
}
