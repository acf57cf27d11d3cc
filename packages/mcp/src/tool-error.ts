import { ConduitError, definedOptions, parseRetryAfterMs, RateLimitError } from '@conduit/protocol';

/**
 * What a failed tool call tells the model: what went wrong, which arguments to change, and
 * whether and when to try again.
 *
 * @example
 * ```ts
 * const error: ToolError = { error: 'rate_limited', message: 'Too many requests', retryable: true, retry_after_seconds: 30, arguments: [], hint: 'call again in 30 s' };
 * ```
 */
export interface ToolError {
  /** Machine-readable code (`missing_param`, `not_found`, `rate_limited`, …). */
  error: string;
  message: string;
  /** The upstream or service status, when there was one. */
  status?: number;
  /** True when the same call may succeed later unchanged. */
  retryable: boolean;
  /** Wait this long before calling again, when the upstream said. */
  retry_after_seconds?: number;
  /** The arguments at fault, by the tool's own argument names. */
  arguments: { name?: string; problem: string; code: string }[];
  /** What to do next, in one sentence. */
  hint: string;
}

/** `params.offset` of a list is the tool's `cursor`; other `params.x` paths are the argument `x`. */
function argumentName(field: string | undefined, cursorArgument: string | undefined): string | undefined {
  if (field === undefined) return undefined;
  const name = field.replace(/^params\.?/, '');
  if (name === 'offset' && cursorArgument !== undefined) return cursorArgument;
  return name === '' ? undefined : name;
}

const HINTS: Record<string, string> = {
  missing_param: 'add the arguments named and call again',
  invalid_param: 'change the arguments named and call again',
  invalid_query: 'fix the query at the path named and call again',
  invalid_cursor: 'call again without cursor to start from the first page',
  cursor_expired: 'call again without cursor to start from the first page',
  not_found: 'check the id: the record does not exist or is not visible to these credentials',
  unauthorized: 'the credentials were refused; a person has to renew them, retrying will not help',
  upstream_auth_failed: 'the connector’s credentials were refused; a person has to renew them',
  forbidden: 'these credentials may not read this; try another record',
  premium_required: 'this needs a premium upstream account; use another tool (e.g. a list) instead',
  unknown_entity: 'use one of the tools listed',
  unsupported_action: 'use one of the tools listed',
};

/**
 * Turns whatever an execute threw into a {@link ToolError}: a Conduit error keeps its code,
 * status, retry hint and per-field faults (renamed to the tool's arguments); anything else is
 * reported as an internal error, so the server never crashes on a failed call.
 *
 * @example
 * ```ts
 * const result = toToolError(new RateLimitError('slow down', { status: 429, retryAfterMs: 30_000 }));
 * result.retry_after_seconds; // 30
 * ```
 */
export function toToolError(error: unknown, cursorArgument?: string): ToolError {
  if (!ConduitError.isInstance(error)) {
    return {
      error: 'internal_error',
      message: error instanceof Error ? error.message : String(error),
      retryable: false,
      arguments: [],
      hint: 'this is not caused by the arguments; report it',
    };
  }
  const retryAfterMs = error instanceof RateLimitError ? error.retryAfterMs : retryAfterHeader(error);
  const retryAfterSeconds =
    retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000));
  const hint =
    HINTS[error.code] ??
    (retryAfterSeconds !== undefined
      ? `call again in ${retryAfterSeconds} s`
      : error.retryable
        ? 'call again shortly'
        : 'this call will not succeed as it is; change the arguments or use another tool');
  return definedOptions({
    error: error.code,
    message: error.message,
    status: error.status,
    retryable: error.retryable,
    retry_after_seconds: retryAfterSeconds,
    arguments: error.details.map((detail) =>
      definedOptions({
        name: argumentName(detail.field, cursorArgument),
        problem: detail.message,
        code: detail.error_code,
      }),
    ),
    hint: retryAfterSeconds !== undefined && error.retryable ? `call again in ${retryAfterSeconds} s` : hint,
  });
}

/** A 429 or 503 through the hosted service arrives as an ApiError with the header kept. */
function retryAfterHeader(error: ConduitError): number | undefined {
  const headers = (error as { responseHeaders?: Record<string, string> }).responseHeaders;
  const value = headers?.['retry-after'];
  if (value === undefined) return undefined;
  return parseRetryAfterMs(value);
}
