import { callStateOf, describeCall } from '../request/call-state';
import type { FetchLayer } from '../request/fetch-layer';
import { emitHook, withLazyRequest } from './transport-hooks';

/**
 * The events layer, around each attempt's fetch: `onRequest` as the attempt is sent, `onResponse`
 * when its headers arrive (any status), with the redacted request built only if a hook reads it.
 * (`onRetry` comes from the retry layer, `onError` from the transport once the call has failed.)
 *
 * @example
 * ```ts
 * const fetch = eventFetch(baseFetch);
 * await fetch(request, withCallState(state));
 * ```
 */
export const eventFetch: FetchLayer = (next) => async (input, init) => {
  const state = callStateOf(init);
  const { hooks } = state;
  const describe = () => describeCall(state);
  const attempt = state.attempts;
  if (hooks?.onRequest) emitHook(hooks, 'onRequest', withLazyRequest({ attempt }, describe));
  const sentAt = globalThis.performance.now();
  const response = await next(input, init);
  if (hooks?.onResponse) {
    emitHook(
      hooks,
      'onResponse',
      withLazyRequest(
        { attempt, status: response.status, durationMs: globalThis.performance.now() - sentAt },
        describe,
      ),
    );
  }
  return response;
};
