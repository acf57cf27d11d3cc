import { ConduitError, NetworkError, parseRetryAfterMs, TimeoutError } from '@conduit/protocol';
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

// ky's `methods` for a call: only its own method, which the policy (or `idempotent`) allowed.
const KY_METHODS = Object.fromEntries(
  ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((method) => [
    method,
    [method.toLowerCase()],
  ]),
) as Record<string, NonNullable<KyRetryOptions['methods']>>;

/**
 * The retry layer: the call's policy as ky's own `retry` option. ky decides whether to retry
 * (limit, methods, status codes, timeouts and network errors) and computes the backoff
 * (`delay`: `initialDelayMs * 2 ** retry`; `jitter`: full jitter under `maxDelayMs`). Our
 * `shouldRetry` adds what ky has no option for: a `Retry-After` (read by protocol's one parser,
 * `parseRetryAfterMs`) beyond `maxRetryAfterMs` fails at once instead of being clamped (the
 * `RateLimitError` says how long the server wanted), an `errorMapper` can veto a retry, a 429
 * without `Retry-After` waits at least `initialDelayMs`, and the one 401 replay of the auth layer
 * does not count against `limit`.
 *
 * The wait itself happens in {@link retryWaitHook}, ky's `beforeRetry` hook, through the policy's
 * `sleep` with the caller's signal (ky's own wait is 0): an abort ends it at once without handing
 * ky the caller's signal, which would cost an `AbortSignal.any` per request, and a deadline-aware
 * `sleep` (the server's) can fail early.
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
  // ky copies both arrays as it normalizes the options; the policy's frozen ones are read only.
  const statusCodes = policy.statusCodes as number[];
  let serverWait = false;
  return {
    limit: policy.limit + replay,
    methods: KY_METHODS[prepared.method],
    statusCodes,
    afterStatusCodes: statusCodes,
    // The wait is retryWaitHook's; ky's own timer waits 0.
    maxRetryAfter: 0,
    delay: (attemptCount) => policy.initialDelayMs * 2 ** (attemptCount - 1 - (state.replayed ? 1 : 0)),
    jitter: (delay) => {
      // Full jitter under the cap, so the cap bounds the wait itself, not the draw.
      if (!serverWait) {
        state.wait = Math.max(
          state.floorMs,
          Math.floor(policy.random() * Math.min(policy.maxDelayMs, delay)),
        );
      }
      return 0;
    },
    retryOnTimeout: true,
    shouldRetry: ({ error, retryCount }) => {
      state.floorMs = 0;
      state.reason = 'error';
      serverWait = false;
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
          // `true`: ky's backoff, not another rate-limit header ky would read in its place.
          return true;
        }
        if (retryAfterMs > policy.maxRetryAfterMs) return false;
        state.wait = retryAfterMs;
        serverWait = true;
        return undefined;
      }
      // A layer's own refusal (a response over its bounds, an egress denial) says whether a retry
      // can help, even when ky reports it as a network error around it: retrying a bomb decodes it again.
      const own = ConduitError.isInstance(error) ? error : (error as { cause?: unknown }).cause;
      if (ConduitError.isInstance(own) && !own.retryable) return false;
      if (isTimeoutError(error) || isNetworkError(error)) return true;
      // A custom fetch (or a layer) may throw our own errors; they are as retryable as ky's.
      return error instanceof NetworkError || error instanceof TimeoutError;
    },
  };
}

/**
 * ky's `beforeRetry` hook of the retry layer: reports the retry (`onRetry`, with the failure as a
 * Conduit error and the wait) and waits through the policy's `sleep`, which an abort of the
 * caller's signal ends at once (with the signal's reason).
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
  const wait = replay ? 0 : state.wait;
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
  const { signal, retry } = state.prepared;
  signal?.throwIfAborted();
  if (!replay && retry) await retry.sleep(wait, signal);
};

function statusOf(error: Error, replay: boolean): { status?: number } {
  if (replay) return { status: 401 };
  return isHTTPError(error) ? { status: error.response.status } : {};
}
