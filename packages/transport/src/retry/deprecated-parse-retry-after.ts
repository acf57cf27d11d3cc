import { parseRetryAfterMs } from '@conduit/protocol';

/**
 * The old name of `parseRetryAfterMs` of `@conduit/protocol`, kept for one minor version so
 * callers can move: it is that very function (Conduit has one Retry-After parser), so `now` is
 * optional and fractional seconds are read.
 *
 * @deprecated Import `parseRetryAfterMs` from `@conduit/protocol`; this alias goes in the next
 * minor version.
 * @example
 * ```ts
 * import { parseRetryAfterMs } from '@conduit/protocol';
 * parseRetryAfterMs('30'); // 30000
 * ```
 */
export const parseRetryAfter: typeof parseRetryAfterMs = parseRetryAfterMs;
