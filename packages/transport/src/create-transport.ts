import ky, { type Options as KyOptions, SchemaValidationError } from 'ky';
import type * as z from 'zod';
import { authHooks } from './auth/auth-hooks';
import { conduitErrorHook, toConduitError } from './errors/to-conduit-error';
import { callTracing } from './events/call-tracing';
import { eventFetch } from './events/event-fetch';
import { emitHook } from './events/transport-hooks';
import { rateLimitFetch } from './limit/rate-limit-fetch';
import { RateLimiter } from './limit/rate-limiter';
import { attemptFetch } from './request/attempt-fetch';
import { parseHttpUrl } from './request/build-url';
import {
  CALL_STATE,
  type CallState,
  createCallState,
  describeCall,
  withoutCallState,
} from './request/call-state';
import { defaultFetch } from './request/default-fetch';
import { parseJsonBody } from './request/parse-json';
import {
  type CallMode,
  checkTimeout,
  prepareRequest,
  type TransportSettings,
} from './request/prepare-request';
import type { RequestOptions } from './request/request-options';
import { buildUserAgent } from './request/user-agent';
import { kyRetry, retryWaitHook } from './retry/ky-retry';
import { resolveRetryOptions } from './retry/retry-options';
import { createStreamResponse, type StreamResponse } from './stream/stream-response';
import type { Transport, TransportResponse } from './transport';
import type { TransportOptions } from './transport-options';

const DEFAULT_TIMEOUT_MS = 30_000;
const NO_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * Creates the HTTP client: ky on the platform's fetch (or the one given), with ky doing what it is
 * made for (retries with backoff, jitter and `Retry-After`, per-attempt timeouts, JSON and schema
 * parsing, hooks) and the transport's layers as ky hooks and fetch layers, one file each: auth and
 * the 401 replay (`auth/auth-hooks.ts`), the retry policy (`retry/ky-retry.ts`), the shared rate
 * limiter (`limit/rate-limit-fetch.ts`), events (`events/event-fetch.ts`), typed redacted errors
 * (`errors/to-conduit-error.ts`).
 *
 * @example
 * ```ts
 * const asana = createTransport({
 *   baseUrl: 'https://app.asana.com/api/1.0',
 *   auth: bearerAuth(process.env.ASANA_TOKEN!),
 *   userAgent: 'conduit-asana/0.1.0',
 *   limiter: sharedAsanaLimiter,
 *   errorMapper: mapAsanaError,
 * });
 * const task = await asana.json({ path: `/tasks/${encodeURIComponent(gid)}`, schema: TaskEnvelope });
 * ```
 */
export function createTransport(options: TransportOptions): Transport {
  const timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const idleTimeoutMs = checkTimeout(options.streamIdleTimeoutMs ?? timeoutMs, 'streamIdleTimeoutMs');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  // Fixed credentials go with the request's headers; only changing ones need the auth hooks.
  const authHeaders = fixedAuthHeaders(options.auth);
  const settings: TransportSettings = {
    baseUrl: parseHttpUrl(options.baseUrl, 'baseUrl'),
    headers,
    userAgent: buildUserAgent(options.userAgent),
    timeoutMs,
    hasAuth: options.auth !== undefined,
    ...(authHeaders ? { authHeaders } : {}),
    retry: resolveRetryOptions(options.retry, undefined),
    retryOption: options.retry,
  };
  const limiter = toLimiter(options.limiter);
  const { hooks, errorMapper } = options;
  const baseFetch = options.fetch ?? defaultFetch();
  const auth = options.auth && !authHeaders ? authHooks(options.auth) : undefined;
  const canReplay = options.auth?.refresh !== undefined;
  const observesAttempts = hooks?.onRequest !== undefined || hooks?.onResponse !== undefined;

  // The per-attempt fetch, outermost first: rate limit, attempt bookkeeping, events, fetch. Built
  // once: each layer finds its call's state in the init ky hands the fetch (see call-state.ts),
  // and the fetch itself gets the init without it.
  const bareFetch = withoutCallState(baseFetch);
  const tracing = options.tracing === false ? undefined : callTracing(options.tracing);
  let fetch = attemptFetch(observesAttempts ? eventFetch(bareFetch) : bareFetch);
  if (tracing) fetch = tracing.inner(fetch);
  if (limiter) fetch = rateLimitFetch(limiter)(fetch);
  if (tracing) fetch = tracing.outer(fetch);

  // ky's defaults (throwHttpErrors among them) are left out: every option given is merged again
  // into each call's.
  const client = ky.create({
    fetch,
    parseJson: parseJsonBody,
    // The transport's own timeout once here: ky merges every per-call option into its defaults
    // key by key, so a request passes only what differs from them.
    timeout: settings.timeoutMs,
    hooks: {
      beforeRequest: auth ? [auth.beforeRequest] : [],
      // The retry is reported (and a policy's own sleep waited) before fresh credentials are taken.
      beforeRetry: auth ? [retryWaitHook, auth.beforeRetry] : [retryWaitHook],
      afterResponse: auth?.afterResponse ? [auth.afterResponse] : [],
      beforeError: [conduitErrorHook],
    },
  });

  const send = (state: CallState) => {
    const { prepared } = state;
    const init: KyOptions & { [CALL_STATE]: CallState } = {
      headers: prepared.headers,
      retry: kyRetry(state, canReplay),
      [CALL_STATE]: state,
    };
    if (prepared.method !== 'GET') init.method = prepared.method;
    if (prepared.json !== undefined) init.json = prepared.json;
    if (prepared.body !== undefined) init.body = prepared.body;
    if (prepared.timeoutMs !== settings.timeoutMs) init.timeout = prepared.timeoutMs;
    return client(prepared.url, init);
  };

  /** Starts a call: its request checked and prepared, and the state its layers share. */
  const start = (request: RequestOptions<unknown>, mode: CallMode): CallState =>
    createCallState(prepareRequest(settings, request, mode), { hooks, errorMapper });

  /** What a failed call throws, once it has let go of what it held and reported the failure. */
  const fail = (state: CallState, error: unknown): unknown => {
    state.release?.();
    state.unlink?.();
    const { signal } = state.prepared;
    const failure = signal?.aborted ? signal.reason : toConduitError(error, state);
    tracing?.fail(state, failure);
    emitHook(hooks, 'onError', {
      request: describeCall(state),
      attempt: state.attempts,
      error: failure,
      ...(state.status === undefined || state.status < 400 ? {} : { status: state.status }),
      durationMs: globalThis.performance.now() - state.startedAt,
    });
    return failure;
  };

  // One async function from the options to the data (`whole`: with status and headers), not one
  // per step: each async step more costs a promise and microtask turns on every page of a walk.
  const buffered = async (requestOptions: RequestOptions<unknown>, whole: boolean): Promise<unknown> => {
    let state: CallState | undefined;
    try {
      state = start(requestOptions, 'buffered');
      state.prepared.signal?.throwIfAborted();
      // The body was read inside the attempt (attempt-fetch.ts), under its timeout: it is read
      // here from the response itself, not through ky's `.json()`/`.text()` shortcuts, which would
      // race each read of the bytes already in memory against a timer of its own.
      // `response.json()` is still ky's: ky decorates the response with the transport's `parseJson`.
      const response = await send(state);
      const type = requestOptions.responseType ?? 'json';
      let data: unknown;
      if (type === 'json') data = await response.json();
      else {
        const empty = requestOptions.method === 'HEAD' || NO_BODY_STATUSES.has(response.status);
        data = empty ? undefined : type === 'text' ? await response.text() : await response.bytes();
      }
      const { schema } = requestOptions;
      if (schema) data = await validate(schema, data);
      tracing?.end(state);
      return whole ? { data, status: response.status, headers: response.headers } : data;
    } catch (error) {
      // A request that could not even be prepared has nothing to report but its error.
      throw state === undefined ? error : fail(state, error);
    }
  };

  const stream = async (requestOptions: RequestOptions): Promise<StreamResponse> => {
    let state: CallState | undefined;
    try {
      state = start(requestOptions, 'stream');
      state.prepared.signal?.throwIfAborted();
      const response = await send(state);
      const call = state;
      return createStreamResponse({
        response,
        idleTimeoutMs,
        abortFetch: (reason) => call.abortAttempt?.(reason),
        timeoutSignal: call.attemptSignal as AbortSignal,
        callerSignal: requestOptions.signal,
        request: describeCall(call),
        onEnd: () => {
          tracing?.end(call);
          call.release?.();
          call.unlink?.();
        },
      });
    } catch (error) {
      throw state === undefined ? error : fail(state, error);
    }
  };

  return {
    request: <T>(requestOptions: RequestOptions<T>) =>
      buffered(requestOptions as RequestOptions<unknown>, true) as Promise<TransportResponse<T>>,
    json: <T>(requestOptions: RequestOptions<T>) =>
      buffered(requestOptions as RequestOptions<unknown>, false) as Promise<T>,
    stream,
    limiter,
  };
}

/** Validates a body against its schema, as ky's `.json(schema)` does (Standard Schema). */
async function validate(schema: z.ZodType, data: unknown): Promise<unknown> {
  const result = await schema['~standard'].validate(data);
  if (result.issues) throw new SchemaValidationError(result.issues);
  return result.value;
}

/** A fixed strategy's headers with lower-case names, or `undefined` when it must authorize each attempt. */
function fixedAuthHeaders(auth: TransportOptions['auth']): Record<string, string> | undefined {
  if (auth?.headers === undefined || auth.refresh !== undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const name in auth.headers) headers[name.toLowerCase()] = auth.headers[name] as string;
  return headers;
}

function toLimiter(limiter: TransportOptions['limiter']): RateLimiter | undefined {
  if (limiter === undefined) return undefined;
  // Duck-typed, so a limiter from another copy of this package is still shared, not rebuilt.
  if (typeof (limiter as RateLimiter).acquire === 'function') return limiter as RateLimiter;
  return new RateLimiter(limiter);
}
