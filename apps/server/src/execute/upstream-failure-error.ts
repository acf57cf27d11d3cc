import { ApiError, type ApiErrorOptions, encodeHostedError, type HostedErrorBody } from '@conduit/protocol';

/** Options of {@link UpstreamFailureError}. */
export interface UpstreamFailureErrorOptions extends ApiErrorOptions {
  /** What the upstream answered, when it answered at all. */
  readonly upstreamStatus?: number | undefined;
}

/**
 * The upstream failed a request the server made for an execute call: 502 `upstream_error` (with
 * the upstream's status) or `upstream_auth_failed` (contract §5). Its body adds `upstream_status`
 * to the service's error body.
 *
 * @example
 * ```ts
 * throw new UpstreamFailureError(`${vendor} answered 404: Not a recognized ID`, { status: 502, code: 'upstream_error', upstreamStatus: 404, details });
 * ```
 */
export class UpstreamFailureError extends ApiError {
  override readonly name: string = 'UpstreamFailureError';
  readonly upstreamStatus: number | undefined;

  constructor(message: string, options: UpstreamFailureErrorOptions) {
    super(message, options);
    this.upstreamStatus = options.upstreamStatus;
  }
}

/**
 * The body of an upstream failure: `{message, errors, upstream_status}`, where `upstream_status`
 * is the upstream's HTTP status, or null when no response came.
 *
 * @example
 * ```ts
 * return c.json(upstreamFailureBody(error), 502);
 * ```
 */
export function upstreamFailureBody(
  error: UpstreamFailureError,
): HostedErrorBody & { upstream_status: number | null } {
  return encodeHostedError(error, { upstreamStatus: error.upstreamStatus ?? null }) as HostedErrorBody & {
    upstream_status: number | null;
  };
}
