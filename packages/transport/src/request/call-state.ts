import { type ConduitError, describeRequest, REDACTED, type RequestDescription } from '@conduit/protocol';
import type { ErrorMapper } from '../errors/create-http-error';
import type { TransportHooks } from '../events/transport-hooks';
import type { FetchLayer } from './fetch-layer';
import type { PreparedRequest } from './prepare-request';

/**
 * What the layers of one call share: the prepared request and what its attempts have learned.
 * It travels with the call as the option {@link CALL_STATE}: ky hands every option it does not know
 * to the fetch it calls (its documented way to pass options through to a custom fetch) and every
 * option to the hooks, so the fetch layers and hooks are built once per transport and each finds
 * its call's state there. Internal to the transport.
 *
 * @example
 * ```ts
 * const state = createCallState(prepared, { hooks, errorMapper });
 * await client(prepared.url, withCallState(state));
 * ```
 */
export interface CallState {
  readonly prepared: PreparedRequest;
  readonly hooks: TransportHooks | undefined;
  readonly errorMapper: ErrorMapper | undefined;
  /** `performance.now()` when the call began. */
  readonly startedAt: number;
  /** Attempts sent so far (1 after the first). */
  attempts: number;
  /** The credential the latest attempt carried, when the transport authorized it. */
  credential: string | undefined;
  authorized: boolean;
  /** Whether the one replay after a 401 has been used. */
  replayed: boolean;
  /** The status of the latest response, if any. */
  status: number | undefined;
  /** The latest attempt's request, as sent (credentials included: never log it, describe it). */
  sent: Request | undefined;
  /** The redacted description of `sent` (or of the prepared request), built on first use. */
  request: RequestDescription | undefined;
  /** The wait before the next attempt, as the retry layer planned it, and why. */
  wait: number;
  reason: 'error' | 'auth-refresh';
  /** A floor under the next backoff wait (a 429 without Retry-After still waits). */
  floorMs: number;
  /** The latest raw failure mapped (shouldRetry, beforeRetry and beforeError all see it) … */
  mappedFrom: object | undefined;
  /** … and the Conduit error it was mapped to. */
  mappedTo: unknown;
  /** The failure a 401 replay stands in for (ky reports the replay as a forced retry). */
  replayError: ConduitError | undefined;
  /** Frees the limiter slot a stream holds until its body ends. */
  release: (() => void) | undefined;
  /** Aborts the latest attempt's fetch (streams only: the idle timer uses it). */
  abortAttempt: ((reason: unknown) => void) | undefined;
  attemptSignal: AbortSignal | undefined;
  /** Unlinks a stream attempt's signal from the caller's and ky's, once the body is done. */
  unlink: (() => void) | undefined;
}

/**
 * A fresh {@link CallState} for one call.
 *
 * @example
 * ```ts
 * const state = createCallState(prepare(request, 'buffered'), { hooks, errorMapper });
 * ```
 */
export function createCallState(
  prepared: PreparedRequest,
  layers: { hooks: TransportHooks | undefined; errorMapper: ErrorMapper | undefined },
): CallState {
  return {
    prepared,
    hooks: layers.hooks,
    errorMapper: layers.errorMapper,
    startedAt: globalThis.performance.now(),
    attempts: 0,
    credential: undefined,
    authorized: false,
    replayed: false,
    status: undefined,
    sent: undefined,
    request: undefined,
    wait: 0,
    reason: 'error',
    floorMs: 0,
    mappedFrom: undefined,
    mappedTo: undefined,
    replayError: undefined,
    release: undefined,
    abortAttempt: undefined,
    attemptSignal: undefined,
    unlink: undefined,
  };
}

/**
 * The redacted request of the call: the latest attempt's, or the prepared one before any.
 *
 * @example
 * ```ts
 * const request = describeCall(state); // { method: 'GET', url: '…', headers: { authorization: '[REDACTED]' } }
 * ```
 */
export function describeCall(state: CallState): RequestDescription {
  if (state.request === undefined) {
    const { sent, prepared } = state;
    const request = sent
      ? describeRequest(sent.method, sent.url, sent.headers)
      : describeRequest(prepared.method, prepared.url, prepared.headers);
    // A fixed strategy's headers are credentials whatever they are called (`x-app-key`), where
    // the redaction by name would only catch the ones that sound secret.
    const { credentialHeaders } = prepared;
    if (credentialHeaders && request.headers) {
      for (const name in credentialHeaders) if (name in request.headers) request.headers[name] = REDACTED;
    }
    state.request = request;
  }
  return state.request;
}

/**
 * The option that carries a call's state through ky (a string: ky skips symbol keys when it merges
 * options and when it picks the ones to hand the fetch).
 */
export const CALL_STATE = 'conduitCall';

/**
 * The ky option (or fetch init) that carries `state`; typed as an init so that it fits where one goes.
 *
 * @example
 * ```ts
 * await attemptFetch(globalThis.fetch)(url, withCallState(state));
 * ```
 */
export function withCallState(state: CallState): RequestInit & { [CALL_STATE]: CallState } {
  return { [CALL_STATE]: state };
}

/**
 * The fetch layer under all others: it hands the fetch the init without the call's state, so an
 * injected fetch gets only what a fetch knows (ky gives it no other option than the state).
 *
 * @example
 * ```ts
 * const fetch = attemptFetch(withoutCallState(globalThis.fetch));
 * ```
 */
export const withoutCallState: FetchLayer = (next) => (input, init) => {
  if (init === undefined || !(CALL_STATE in init)) return next(input, init);
  const { [CALL_STATE]: _state, ...rest } = init as RequestInit & { [CALL_STATE]?: CallState };
  return next(input, rest);
};

/**
 * The state of the call whose ky options (in a hook) or fetch init (in a fetch layer) these are.
 * Throws when they carry none: a layer was called outside a transport's call.
 *
 * @example
 * ```ts
 * const state = callStateOf(init);
 * beforeRequest: [({ options }) => authorize(callStateOf(options))];
 * ```
 */
export function callStateOf(options: { [CALL_STATE]?: CallState } | object | undefined): CallState {
  const state = (options as { [CALL_STATE]?: CallState } | undefined)?.[CALL_STATE];
  if (state === undefined) {
    throw new TypeError(
      `no ${CALL_STATE} in the options: a transport layer was called outside a transport's call`,
    );
  }
  return state;
}
