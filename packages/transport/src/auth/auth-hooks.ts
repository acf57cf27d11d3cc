import { definedOptions } from '@conduit/protocol';
import ky, { type AfterResponseHook, type BeforeRequestHook, type BeforeRetryHook, HTTPError } from 'ky';
import { toConduitError } from '../errors/to-conduit-error';
import { type CallState, callStateOf } from '../request/call-state';
import { type AuthStrategy, tokenOfAuthorization } from './auth-strategy';

/**
 * The auth layer, as ky hooks: every attempt (the first in `beforeRequest`, each retry in
 * `beforeRetry`) carries the credentials current at that moment, and a 401 on an authorized
 * request is replayed once, through ky's forced retry, after the strategy's `refresh` says the
 * credentials changed. The strategies themselves make the refresh single-flight (see
 * `cachedTokenAuth`), so 20 concurrent 401s cost one refresh.
 *
 * Requests the transport does not authorize (another origin, `auth: false`) pass untouched.
 *
 * @example
 * ```ts
 * const auth = authHooks(bearerAuth(token));
 * ky.create({ hooks: { beforeRequest: [auth.beforeRequest], beforeRetry: [auth.beforeRetry] } });
 * ```
 */
export function authHooks(auth: AuthStrategy): {
  beforeRequest: BeforeRequestHook;
  beforeRetry: BeforeRetryHook;
  afterResponse: AfterResponseHook | undefined;
} {
  const canRefresh = auth.refresh !== undefined;
  const authorized = (request: Request, state: CallState): void => {
    state.authorized = true;
    // Only a 401 replay reads the credential back (to tell the strategy which one failed).
    if (canRefresh) state.credential = tokenOfAuthorization(request.headers.get('authorization'));
  };
  // Synchronous when the strategy is (a fixed token): no promise per attempt for ky to await.
  const authorize = (request: Request, state: CallState): Promise<void> | undefined => {
    if (!state.prepared.applyAuth) return;
    const { signal, method } = state.prepared;
    const pending = auth.authorize(
      request.headers,
      signal ? { signal, method, url: state.prepared.url } : { method, url: state.prepared.url },
    );
    if (pending !== undefined) return pending.then(() => authorized(request, state));
    authorized(request, state);
  };

  const replayAfter401: AfterResponseHook = async ({ request, response, options }) => {
    const state = callStateOf(options);
    if (response.status !== 401 || !state.authorized || state.replayed || !state.prepared.replayable) return;
    state.replayed = true;
    const { signal } = state.prepared;
    const refreshed = await auth.refresh?.(definedOptions({ signal, failedToken: state.credential }));
    if (!refreshed) return;
    // The replay is reported as a retry of the 401, which is what it stands in for.
    const data = await response.text().catch(() => undefined);
    const failure = new HTTPError(response, request, options);
    failure.data = data === undefined || data === '' ? undefined : safeJson(data);
    state.replayError = toConduitError(failure, state) as CallState['replayError'];
    state.reason = 'auth-refresh';
    state.wait = 0;
    return ky.retry({ delay: 0, code: 'AUTH_REFRESH' });
  };

  return {
    beforeRequest: ({ request, options }) => authorize(request, callStateOf(options)),
    beforeRetry: ({ request, options }) => authorize(request, callStateOf(options)),
    afterResponse: auth.refresh ? replayAfter401 : undefined,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
