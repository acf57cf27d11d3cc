import { parseRetryAfterMs } from '@conduit/protocol';
import { type CallState, callStateOf } from '../request/call-state';
import type { FetchLayer } from '../request/fetch-layer';
import type { RateLimiter } from './rate-limiter';

/**
 * The rate-limit layer, wrapped around each attempt's fetch (ky calls it once per attempt, retries
 * included): it takes a permit from the shared limiter before sending, and frees its concurrency
 * slot when the attempt is over, which for `request()` is after the body has been read and for a
 * stream when the caller finishes with the body. A 429 whose `Retry-After` the policy will wait
 * through pauses every caller of the limiter (other transports sharing it too) for that long.
 *
 * @example
 * ```ts
 * const fetch = rateLimitFetch(limiter)(baseFetch);
 * await fetch(request, withCallState(state));
 * ```
 */
export function rateLimitFetch(limiter: RateLimiter): FetchLayer {
  return (next) => async (input, init) => {
    const state = callStateOf(init);
    // A free slot is taken without a promise; only a wait costs one.
    const { signal } = state.prepared;
    const permit = limiter.tryAcquire(signal) ?? (await limiter.acquire(signal));
    let response: Response;
    try {
      response = await next(input, init);
    } catch (error) {
      permit.release();
      throw error;
    }
    if (response.status === 429) pauseAfter429(limiter, state, response);
    if (state.prepared.mode === 'stream' && response.ok) state.release = () => permit.release();
    else permit.release();
    return response;
  };
}

function pauseAfter429(limiter: RateLimiter, state: CallState, response: Response): void {
  const policy = state.prepared.retry;
  const retryAfterMs = parseRetryAfterMs(
    response.headers.get('retry-after'),
    policy ? policy.now() : Date.now(),
  );
  // Past the cap the call fails at once; holding everyone else for it would only stall them.
  if (retryAfterMs !== undefined && (!policy || retryAfterMs <= policy.maxRetryAfterMs)) {
    limiter.pauseFor(retryAfterMs);
  }
}
