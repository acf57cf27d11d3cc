import type { HttpMethod } from '../request/request-options';
import { sleep } from './sleep';

/**
 * When and how long the transport waits before trying a failed request again.
 *
 * Retried: network errors, timeouts, and responses whose status is in `statusCodes`, for methods
 * in `methods` (or any request marked `idempotent: true`). The wait is the server's `Retry-After`
 * when it sent one, else `random(0, min(maxDelayMs, initialDelayMs * 2 ** retry))` (full jitter).
 *
 * @example
 * ```ts
 * createTransport({ baseUrl, retry: { limit: 5, maxRetryAfterMs: 120_000 } });
 * ```
 */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  limit: number;
  /** Base of the exponential backoff. Default 300. */
  initialDelayMs: number;
  /** Cap of one backoff wait (before jitter). Default 10,000. */
  maxDelayMs: number;
  /**
   * The longest `Retry-After` we sleep through. A server asking for more fails the call at once
   * (`RateLimitError.retryAfterMs` says how long it wanted). Default 60,000.
   */
  maxRetryAfterMs: number;
  /** Methods retried without `idempotent: true`. Default GET, HEAD, PUT, DELETE, OPTIONS. */
  methods: readonly HttpMethod[];
  /** Statuses retried. Default 408, 429, 500, 502, 503, 504. */
  statusCodes: readonly number[];
  /** Uniform in [0, 1); injectable for deterministic tests. Default `Math.random`. */
  random?: () => number;
  /**
   * The wait between attempts (ky computes it; the transport's `beforeRetry` hook waits through
   * this); must reject with `signal.reason` on abort. Injectable for tests, or for a
   * deadline-aware wait that fails early. Default: the package's `sleep`.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Now in epoch milliseconds, to read `Retry-After` HTTP-dates (the wait, the `maxRetryAfterMs`
   * check, the limiter pause, the error's `retryAfterMs`). Default `Date.now`.
   */
  now?: () => number;
}

/**
 * A policy with every field set.
 *
 * @example
 * ```ts
 * const policy: ResolvedRetryOptions = { ...DEFAULT_RETRY_OPTIONS, limit: 5 };
 * ```
 */
export type ResolvedRetryOptions = Required<RetryOptions>;

/**
 * The default retry policy.
 *
 * @example
 * ```ts
 * const patient = { ...DEFAULT_RETRY_OPTIONS, limit: 6 };
 * ```
 */
export const DEFAULT_RETRY_OPTIONS: Readonly<ResolvedRetryOptions> = Object.freeze({
  limit: 3,
  initialDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  methods: Object.freeze(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'] as const),
  statusCodes: Object.freeze([408, 429, 500, 502, 503, 504]),
  random: () => Math.random(),
  sleep,
  now: () => Date.now(),
});

/**
 * Merges a request's retry setting over the transport's over the defaults. `false` on the request
 * means one attempt; `false` on the transport too, unless the request sets a policy of its own.
 *
 * @example
 * ```ts
 * resolveRetryOptions({ limit: 5 }, false); // false
 * resolveRetryOptions(false, { limit: 1 }); // defaults with limit 1
 * ```
 */
export function resolveRetryOptions(
  transport: Partial<RetryOptions> | false | undefined,
  request: Partial<RetryOptions> | false | undefined,
): ResolvedRetryOptions | false {
  if (request === false) return false;
  if (transport === false && request === undefined) return false;
  const merged: ResolvedRetryOptions = { ...DEFAULT_RETRY_OPTIONS };
  for (const layer of [transport, request]) {
    if (!layer) continue;
    for (const [key, value] of Object.entries(layer)) {
      // An explicit `undefined` means "not set", not "remove the default".
      if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}
