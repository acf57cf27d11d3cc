import { type ConduitError, NetworkError, parseRetryAfterMs, TimeoutError } from '@conduit/protocol';
import {
  type BeforeRetryHook,
  isHTTPError,
  isNetworkError,
  isTimeoutError,
  type RetryOptions as KyRetryOptions,
} from 'ky';
import { toConduitError } from '../errors/to-conduit-error';
import { emitHook, withLazyRequest } from '../events/transport-hooks';
import { type CallState, callStateOf, describeCall } from '../request/call-state';
import { DEFAULT_RETRY_OPTIONS } from './retry-options';

/**
 * The retry layer: the call's policy as ky's own `retry` option. ky decides and waits: methods,
 * status codes, `Retry-After` (and its cap), exponential backoff with full jitter capped at
 * `maxDelayMs`, retries on timeouts and network errors. Our `shouldRetry` only adds what ky has
 * no option for: a `Retry-After` beyond `maxRetryAfterMs` fails at once (the `RateLimitError`
 * says how long the server wanted) instead of being clamped, an `errorMapper` can veto a retry,
 * a 429 without `Retry-After` waits at least `initialDelayMs`, and the one 401 replay of the auth
 * layer does not count against `limit`.
 *
 * A policy given its own `sleep` (the server's deadline-aware wait) gets the wait handed to it
 * by {@link retryWaitHook} instead of ky's timer.
 *
 * @example
 * ```ts
 * await client(url, { retry: kyRetry(state, auth?.refresh !== undefined) });
 * ```
 */
export function kyRetry(state: CallState, canReplay: boolean): KyRetryOptions {
  const { prepared } = state;
  if (!prepared.replayable) return { limit: 0 };
  const replay = canReplay && prepared.applyAuth ? 1 : 0;
  const policy = prepared.retry;
  if (!policy || !prepared.retryAllowed) return { limit: replay, methods: [], shouldRetry: () => false };
  const ownSleep = policy.sleep !== DEFAULT_RETRY_OPTIONS.sleep;
  const statusCodes = [...policy.statusCodes];
  return {
    limit: policy.limit + replay,
    methods: [prepared.method.toLowerCase()] as KyRetryOptions['methods'],
    statusCodes,
    // Any retried status honours Retry-After (a 503 with a date, say), not only ky's 413/429/503.
    afterStatusCodes: statusCodes,
    maxRetryAfter: ownSleep ? 0 : policy.maxRetryAfterMs,
    backoffLimit: policy.maxDelayMs,
    delay: (attemptCount) => policy.initialDelayMs * 2 ** (attemptCount - 1 - (state.replayed ? 1 : 0)),
    jitter: (delay) => {
      // Full jitter under the cap, so the cap bounds the wait itself, not the draw.
      state.wait = Math.max(state.floorMs, Math.floor(policy.random() * Math.min(policy.maxDelayMs, delay)));
      return ownSleep ? 0 : state.wait;
    },
    retryOnTimeout: true,
    shouldRetry: ({ error, retryCount }) => {
      state.floorMs = 0;
      state.reason = 'error';
      if (prepared.signal?.aborted) return false;
      if (retryCount - 1 - (state.replayed ? 1 : 0) >= policy.limit) return false;
      if (isHTTPError(error)) {
        const { status, headers } = error.response;
        if (!statusCodes.includes(status)) return false;
        const mapped = toConduitError(error, state) as ConduitError;
        // An error mapper vetoes the retry of a status by returning a non-retryable error.
        if (!mapped.retryable) return false;
        const retryAfterMs = parseRetryAfterMs(headers.get('retry-after'), policy.now());
        if (retryAfterMs === undefined) {
          // Full jitter can draw ~0; after a 429 that would be no back-off at all.
          if (status === 429) state.floorMs = policy.initialDelayMs;
          // `true`: ky's backoff (not another rate-limit header ky would read in its place).
          return true;
        }
        if (retryAfterMs > policy.maxRetryAfterMs) return false;
        state.wait = retryAfterMs;
        // ky's default path: it waits for the Retry-After it reads from the same header.
        return undefined;
      }
      if (isTimeoutError(error) || isNetworkError(error)) return true;
      // A custom fetch (or a layer) may throw our own errors; they are as retryable as ky's.
      return error instanceof NetworkError || error instanceof TimeoutError;
    },
  };
}

/**
 * ky's `beforeRetry` hook of the retry layer: reports the retry (`onRetry`, with the failure as a
 * Conduit error and the wait) and, for a policy with its own `sleep`, waits through it.
 *
 * @example
 * ```ts
 * ky.create({ hooks: { beforeRetry: [retryWaitHook] } });
 * ```
 */
export const retryWaitHook: BeforeRetryHook = async ({ error, options, retryCount }) => {
  const state = callStateOf(options);
  const replay = state.reason === 'auth-refresh';
  const failure = replay ? state.replayError : toConduitError(error, state);
  const wait = state.wait;
  if (state.hooks?.onRetry) {
    emitHook(
      state.hooks,
      'onRetry',
      withLazyRequest(
        {
          attempt: retryCount,
          reason: state.reason,
          error: failure as ConduitError,
          ...statusOf(error, replay),
          delayMs: wait,
        },
        () => describeCall(state),
      ),
    );
  }
  state.reason = 'error';
  const policy = state.prepared.retry;
  if (!replay && policy && policy.sleep !== DEFAULT_RETRY_OPTIONS.sleep) {
    await policy.sleep(wait, state.prepared.signal);
  }
};

function statusOf(error: Error, replay: boolean): { status?: number } {
  if (replay) return { status: 401 };
  return isHTTPError(error) ? { status: error.response.status } : {};
}
