import type { CallState } from './call-state';
import type { FetchLayer } from './fetch-layer';

// Statuses whose Response may not carry a body, even an empty one.
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/**
 * The attempt layer, innermost but for the fetch itself: it records the attempt in the call state
 * (its number, the request as sent, the status), and makes an attempt of `request()` include its
 * body: the body is read here, inside the fetch ky times and retries, so the per-attempt timeout
 * covers it and a connection reset in the middle of the body is retried like one before the
 * headers (ky's own timeout and retries stop at the headers). A stream's attempt ends at the
 * headers instead; its fetch gets an abort controller of its own, which the stream's idle timer
 * uses.
 *
 * @example
 * ```ts
 * const fetch = attemptFetch(state)(baseFetch);
 * ```
 */
export function attemptFetch(state: CallState): FetchLayer {
  return (next) => async (input, init) => {
    state.attempts += 1;
    state.sent = input instanceof Request ? input : undefined;
    state.request = undefined;
    state.status = undefined;
    if (state.prepared.mode === 'stream') {
      const controller = new AbortController();
      const upstream = input instanceof Request ? input.signal : init?.signal;
      if (upstream?.aborted) controller.abort(upstream.reason);
      else upstream?.addEventListener('abort', () => controller.abort(upstream.reason), { once: true });
      state.abortAttempt = (reason) => controller.abort(reason);
      state.attemptSignal = controller.signal;
      const response = await next(input, { ...init, signal: controller.signal });
      state.status = response.status;
      return response;
    }
    const response = await next(input, init);
    state.status = response.status;
    if (response.body === null) return response;
    const bytes = await response.bytes();
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
