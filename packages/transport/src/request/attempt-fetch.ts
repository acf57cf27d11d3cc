import { BufferedResponse } from './buffered-response';
import { callStateOf } from './call-state';
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
 * uses. The caller's signal aborts the attempt's fetch here. The call's state comes in the init
 * (see call-state.ts).
 *
 * @example
 * ```ts
 * const fetch = attemptFetch(baseFetch);
 * await fetch(request, withCallState(state));
 * ```
 */
export const attemptFetch: FetchLayer = (next) => async (input, init) => {
  const state = callStateOf(init);
  const { mode, readText, signal: callerSignal } = state.prepared;
  state.attempts += 1;
  state.sent = input instanceof Request ? input : undefined;
  state.request = undefined;
  state.status = undefined;
  // ky's signal (its timeout) and the caller's (not given to ky: see retry/ky-retry.ts) both
  // abort this attempt's fetch, linked by hand: AbortSignal.any would cost a composite signal,
  // kept alive by the caller's long-lived one, per request.
  const kySignal = input instanceof Request ? input.signal : (init?.signal ?? undefined);
  let unlink: (() => void) | undefined;
  let attemptInit = init;
  if (callerSignal || mode === 'stream') {
    const controller = new AbortController();
    unlink = link(controller, kySignal, callerSignal);
    if (mode === 'stream') state.unlink = unlink;
    state.abortAttempt = (reason) => controller.abort(reason);
    state.attemptSignal = controller.signal;
    attemptInit = { ...init, signal: controller.signal };
  }
  try {
    const response = await next(input, attemptInit);
    state.status = response.status;
    // A stream's body outlives the attempt: its links stay until the attempt's signal is gone.
    if (mode === 'stream' || response.body === null || NULL_BODY_STATUSES.has(response.status))
      return response;
    // As text when the call wants text or JSON: undici's `bytes()` copies the whole body once
    // more (a new Uint8Array over the bytes it has just joined), which `text()` does not.
    return new BufferedResponse(readText ? await response.text() : await response.bytes(), response);
  } finally {
    if (mode !== 'stream') unlink?.();
  }
};

function link(controller: AbortController, ...signals: (AbortSignal | null | undefined)[]): () => void {
  const unlinks: (() => void)[] = [];
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      controller.abort(signal.reason);
      continue;
    }
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    unlinks.push(() => signal.removeEventListener('abort', onAbort));
  }
  return () => {
    for (const unlink of unlinks) unlink();
  };
}
