import {
  ConduitError,
  describeRequest,
  NetworkError,
  type RequestDescription,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
} from '@conduit/protocol';
import ky, { isHTTPError, isNetworkError as isKyNetworkError, isTimeoutError as isKyTimeoutError } from 'ky';
import { type AuthStrategy, tokenOfAuthorization } from './auth-strategy';
import { backoffDelay } from './backoff-delay';
import { buildUrl, parseHttpUrl } from './build-url';
import { createHttpError } from './create-http-error';
import { createNetworkError, isConnectionFailure } from './create-network-error';
import { defaultFetch } from './default-fetch';
import { parseRetryAfter } from './parse-retry-after';
import { RateLimiter, type RateLimitPermit } from './rate-limiter';
import type { HttpMethod, RequestOptions } from './request-options';
import { type ResolvedRetryOptions, resolveRetryOptions } from './retry-options';
import { createStreamResponse, type StreamResponse } from './stream-response';
import type { Transport, TransportResponse } from './transport';
import { emitHook, withLazyRequest } from './transport-hooks';
import type { TransportOptions } from './transport-options';
import { buildUserAgent } from './user-agent';

const DEFAULT_TIMEOUT_MS = 30_000;
// setTimeout fires at once for anything larger, which would turn a long timeout into none.
const MAX_TIMEOUT_MS = 2_147_483_647;
const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** A request resolved against the transport: everything one attempt needs. */
interface PreparedRequest {
  method: HttpMethod;
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** A fresh body for each attempt (a `URLSearchParams` or stream cannot be reused). */
  body: () => BodyInit | undefined;
  applyAuth: boolean;
  /** False when the body cannot be sent twice (a stream), which rules out retries and replays. */
  replayable: boolean;
  retry: ResolvedRetryOptions | false;
  /** Whether the retry policy (or `idempotent`) allows trying this method again. */
  retryAllowed: boolean;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/** How one attempt ended. A failure carries what the retry decision needs. */
type AttemptOutcome<R> =
  | { ok: true; value: R }
  | {
      ok: false;
      error: unknown;
      request: RequestDescription;
      /** Not retryable and not replayable whatever it is (an abort, a bug, an auth failure). */
      final: boolean;
      status?: number;
      retryAfterMs?: number;
      /** The credential the attempt carried, when the transport authorized it. */
      credential?: string;
      authorized: boolean;
    };

/**
 * Creates the HTTP client: ky underneath (with its own retries off), our retry policy, auth,
 * rate limiting, timeouts and error mapping on top.
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
  const baseUrl = parseHttpUrl(options.baseUrl, 'baseUrl');
  const limiter = toLimiter(options.limiter);
  const userAgent = buildUserAgent(options.userAgent);
  const timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const idleTimeoutMs = checkTimeout(options.streamIdleTimeoutMs ?? timeoutMs, 'streamIdleTimeoutMs');
  const auth = options.auth;
  const transportHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {}))
    transportHeaders[name.toLowerCase()] = value;
  const hooks = options.hooks;
  const now = () => globalThis.performance.now();
  const baseFetch = options.fetch ?? defaultFetch();

  // Retries, timeouts and error reading are ours (full jitter, Retry-After caps, a deadline that
  // covers the body too); ky sends each attempt, through the `fetch` each attempt hands it.
  // `retry: 0` also stops ky from cloning request bodies for retries, which would buffer streamed
  // uploads in memory.
  const client = ky.create({
    retry: 0,
    timeout: false,
    throwHttpErrors: true,
  });

  // Resolved once: most requests do not bring a retry policy of their own.
  const transportRetry = resolveRetryOptions(options.retry, undefined);

  const prepare = (request: RequestOptions<unknown>, mode: 'buffered' | 'stream'): PreparedRequest => {
    const method = (request.method ?? 'GET').toUpperCase() as HttpMethod;
    if (!METHODS.has(method)) throw invalidOption('method', `unsupported method ${request.method}`);
    if (request.path === undefined && request.url === undefined) {
      throw invalidOption('path', 'give a path (under baseUrl) or an absolute url');
    }
    const url = buildUrl(baseUrl, request);
    const bodies = [request.json !== undefined, request.form !== undefined, request.body !== undefined];
    if (bodies.filter(Boolean).length > 1) {
      throw invalidOption('body', 'give at most one of json, form and body');
    }
    if ((method === 'GET' || method === 'HEAD') && bodies.some(Boolean)) {
      throw invalidOption('body', `a ${method} request cannot have a body`);
    }
    const applyAuth =
      auth !== undefined &&
      (request.auth === true || (request.auth !== false && url.origin === baseUrl.origin));

    // A plain record: each attempt builds the one `Headers` it sends from it.
    const headers: Record<string, string> = {
      accept: mode === 'buffered' && (request.responseType ?? 'json') === 'json' ? 'application/json' : '*/*',
      'user-agent': userAgent,
    };
    // Transport-wide credentials set as a plain header must not leak to another origin either.
    const keepAuthorization = applyAuth || (request.auth !== false && url.origin === baseUrl.origin);
    for (const name in transportHeaders) {
      if (name !== 'authorization' || keepAuthorization) headers[name] = transportHeaders[name] as string;
    }
    if (request.headers)
      for (const name in request.headers) headers[name.toLowerCase()] = request.headers[name] as string;

    const replayable = !(request.body instanceof ReadableStream);
    const retry =
      request.retry === undefined ? transportRetry : resolveRetryOptions(options.retry, request.retry);
    const retryAllowed =
      retry !== false && replayable && (request.idempotent ?? retry.methods.includes(method));
    // JSON is serialized here, not by ky, so the fetch underneath is handed the text itself.
    const json = request.json === undefined ? undefined : JSON.stringify(request.json);
    if (json !== undefined) headers['content-type'] ??= 'application/json';
    const body = (): BodyInit | undefined => {
      if (json !== undefined) return json;
      if (request.form !== undefined) return new URLSearchParams(request.form);
      return request.body;
    };
    return {
      method,
      url,
      headers,
      body,
      applyAuth,
      replayable,
      retry,
      retryAllowed,
      timeoutMs: checkTimeout(request.timeoutMs ?? timeoutMs, 'timeoutMs'),
      signal: request.signal,
    };
  };

  const attempt = async <R>(
    prepared: PreparedRequest,
    attemptNumber: number,
    complete: (response: Response, context: AttemptContext) => Promise<R>,
  ): Promise<AttemptOutcome<R>> => {
    const { signal } = prepared;
    // Redaction parses the URL and copies the headers: done only when something reads the
    // description (a hook, an error), never on a successful call nobody observes.
    let description: RequestDescription | undefined;
    let describedHeaders: Headers | Record<string, string> = prepared.headers;
    const describe = (): RequestDescription => {
      description ??= describeRequest(prepared.method, prepared.url.href, describedHeaders);
      return description;
    };
    let credential: string | undefined;
    let authorized = false;
    let authFailed = false;

    let permit: RateLimitPermit | undefined;
    try {
      permit = await limiter?.acquire(signal);
    } catch (error) {
      return { ok: false, error, request: describe(), final: true, authorized };
    }

    const deadline = new AbortController();
    const timer = globalThis.setTimeout(() => {
      const request = describe();
      deadline.abort(
        new TimeoutError(`${request.method} ${request.url} timed out after ${prepared.timeoutMs} ms`, {
          timeoutMs: prepared.timeoutMs,
          request,
        }),
      );
    }, prepared.timeoutMs);
    // The caller's signal aborts the deadline controller, whose signal is the attempt's. Linked by
    // hand: AbortSignal.any builds a composite signal with weak references on every call, which
    // costs more than the rest of an attempt's bookkeeping.
    const attemptSignal = deadline.signal;
    const onCallerAbort = () => deadline.abort(signal?.reason);
    if (signal?.aborted) onCallerAbort();
    else signal?.addEventListener('abort', onCallerAbort, { once: true });
    const unlinkCaller = () => signal?.removeEventListener('abort', onCallerAbort);
    let sentAt = now();
    let handedOff = false;

    try {
      // Each attempt authorizes its own copy, so a retry starts from the prepared headers and
      // carries the credentials current at that moment.
      const headers = new Headers(prepared.headers);
      if (prepared.applyAuth && auth) {
        try {
          await auth.authorize(headers, {
            signal: attemptSignal,
            method: prepared.method,
            url: prepared.url.href,
          });
        } catch (error) {
          authFailed = true;
          throw error;
        }
        authorized = true;
        credential = tokenOfAuthorization(headers.get('authorization'));
      }
      describedHeaders = headers;
      description = undefined;
      sentAt = now();
      if (hooks?.onRequest)
        emitHook(hooks, 'onRequest', withLazyRequest({ attempt: attemptNumber }, describe));
      const body = prepared.body();
      // A body that is not a stream goes to fetch again beside ky's Request, so the fetch
      // underneath sends it as it is instead of re-reading the Request's body stream.
      const fetchInit: RequestInit =
        body === undefined || body instanceof ReadableStream
          ? { signal: attemptSignal }
          : { signal: attemptSignal, body };
      const response = await client(prepared.url, {
        method: prepared.method,
        headers,
        ...(body === undefined ? {} : { body }),
        // The attempt's signal goes to fetch itself. Given to ky as `signal`, it would be merged
        // with ky's own controller through AbortSignal.any on every request, which costs more
        // CPU than the rest of the transport's per-request work (see bench/RESULTS.md). ky never
        // aborts its own controller here: its timeouts are off.
        fetch: (input, init) => baseFetch(input, init === undefined ? fetchInit : { ...init, ...fetchInit }),
      });
      if (hooks?.onResponse) {
        emitHook(
          hooks,
          'onResponse',
          withLazyRequest(
            { attempt: attemptNumber, status: response.status, durationMs: now() - sentAt },
            describe,
          ),
        );
      }
      const context: AttemptContext = {
        method: prepared.method,
        describe,
        deadline,
        handOff: () => {
          handedOff = true;
          globalThis.clearTimeout(timer);
          return () => {
            unlinkCaller();
            permit?.release();
          };
        },
      };
      return { ok: true, value: await complete(response, context) };
    } catch (error) {
      const failure = { request: describe(), credential, authorized } as const;
      if (signal?.aborted) return { ok: false, error: signal.reason, final: true, ...failure };
      if (isHTTPError(error)) {
        const { response } = error;
        emitHook(hooks, 'onResponse', {
          request: failure.request,
          attempt: attemptNumber,
          status: response.status,
          durationMs: now() - sentAt,
        });
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), retryNow(prepared.retry));
        const context = {
          status: response.status,
          body: error.data,
          headers: response.headers,
          request: failure.request,
        };
        const mapped =
          options.errorMapper?.(context) ??
          createHttpError({
            ...context,
            statusText: response.statusText,
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          });
        return {
          ok: false,
          error: mapped,
          status: response.status,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          final: false,
          ...failure,
        };
      }
      if (deadline.signal.aborted && ConduitError.isInstance(deadline.signal.reason)) {
        return { ok: false, error: deadline.signal.reason, final: authFailed, ...failure };
      }
      if (ConduitError.isInstance(error)) return { ok: false, error, final: authFailed, ...failure };
      if (isKyNetworkError(error)) {
        return {
          ok: false,
          error: createNetworkError(error.cause ?? error, failure.request),
          final: false,
          ...failure,
        };
      }
      if (isKyTimeoutError(error)) {
        const timeout = new TimeoutError(`${failure.request.method} ${failure.request.url} timed out`, {
          timeoutMs: prepared.timeoutMs,
          request: failure.request,
        });
        return { ok: false, error: timeout, final: false, ...failure };
      }
      if (!authFailed && isConnectionFailure(error)) {
        return { ok: false, error: createNetworkError(error, failure.request), final: false, ...failure };
      }
      // Anything else is a bug (ours, a hook's, an auth strategy's): surface it untouched.
      return { ok: false, error, final: true, ...failure };
    } finally {
      if (!handedOff) {
        globalThis.clearTimeout(timer);
        unlinkCaller();
        permit?.release();
      }
    }
  };

  const retryDelay = (
    prepared: PreparedRequest,
    failure: Extract<AttemptOutcome<unknown>, { ok: false }>,
    retriesDone: number,
  ): number | undefined => {
    const policy = prepared.retry;
    if (!policy || !prepared.retryAllowed || retriesDone >= policy.limit) return undefined;
    const error = failure.error as ConduitError;
    if (error instanceof TimeoutError || error instanceof NetworkError) {
      return backoffDelay(retriesDone, policy);
    }
    if (failure.status === undefined || !policy.statusCodes.includes(failure.status)) return undefined;
    // An error mapper can veto the retry of a status by returning a non-retryable error.
    if (!error.retryable) return undefined;
    if (failure.retryAfterMs !== undefined) {
      // Past the cap we fail now; the RateLimitError says how long the server wanted.
      return failure.retryAfterMs > policy.maxRetryAfterMs ? undefined : failure.retryAfterMs;
    }
    const delay = backoffDelay(retriesDone, policy);
    // Full jitter can draw ~0; after a 429 that would be no back-off at all.
    return failure.status === 429 ? Math.max(delay, policy.initialDelayMs) : delay;
  };

  const execute = async <R>(
    request: RequestOptions<unknown>,
    mode: 'buffered' | 'stream',
    complete: (response: Response, context: AttemptContext) => Promise<R>,
  ): Promise<R> => {
    const prepared = prepare(request, mode);
    const { signal } = prepared;
    const startedAt = now();
    let attemptNumber = 0;
    let retriesDone = 0;
    let replayed = false;
    // Set by a failed attempt; described here only if the call fails before any attempt.
    let lastRequest: RequestDescription | undefined;
    let lastStatus: number | undefined;

    // Reports the final failure and hands it back to be thrown: `throw failed(error)`.
    const failed = (error: unknown): unknown => {
      emitHook(hooks, 'onError', {
        request: lastRequest ?? describeRequest(prepared.method, prepared.url.href, prepared.headers),
        attempt: attemptNumber,
        error,
        ...(lastStatus === undefined ? {} : { status: lastStatus }),
        durationMs: now() - startedAt,
      });
      return error;
    };

    for (;;) {
      if (signal?.aborted) throw failed(signal.reason);
      attemptNumber += 1;
      const outcome = await attempt(prepared, attemptNumber, complete);
      if (outcome.ok) return outcome.value;
      lastRequest = outcome.request;
      lastStatus = outcome.status;
      const { error } = outcome;
      if (outcome.final || !ConduitError.isInstance(error)) throw failed(error);

      if (outcome.status === 401 && outcome.authorized && auth?.refresh && !replayed && prepared.replayable) {
        replayed = true;
        let refreshed: boolean;
        try {
          refreshed = await refreshAuth(auth, signal, outcome.credential);
        } catch (refreshError) {
          throw failed(signal?.aborted ? signal.reason : refreshError);
        }
        if (refreshed) {
          emitHook(hooks, 'onRetry', {
            request: outcome.request,
            attempt: attemptNumber,
            reason: 'auth-refresh',
            error,
            status: 401,
            delayMs: 0,
          });
          continue;
        }
      }

      const policy = prepared.retry;
      const delay = policy ? retryDelay(prepared, outcome, retriesDone) : undefined;
      if (!policy || delay === undefined) throw failed(error);
      emitHook(hooks, 'onRetry', {
        request: outcome.request,
        attempt: attemptNumber,
        reason: 'error',
        error,
        ...(outcome.status === undefined ? {} : { status: outcome.status }),
        delayMs: delay,
      });
      // The server's 429 speaks for the whole connection: hold every caller of the limiter.
      if (outcome.status === 429 && outcome.retryAfterMs !== undefined) limiter?.pauseFor(delay);
      try {
        await policy.sleep(delay, signal);
      } catch (sleepError) {
        throw failed(signal?.aborted ? signal.reason : sleepError);
      }
      retriesDone += 1;
    }
  };

  const request = <T>(requestOptions: RequestOptions<T>): Promise<TransportResponse<T>> =>
    execute(requestOptions as RequestOptions<unknown>, 'buffered', (response, context) =>
      readBufferedResponse<T>(response, requestOptions, context.method, context.describe),
    );

  return {
    request,
    json: async <T>(requestOptions: RequestOptions<T>): Promise<T> => (await request(requestOptions)).data,
    stream: (requestOptions: RequestOptions) =>
      execute(requestOptions, 'stream', async (response, context): Promise<StreamResponse> => {
        const release = context.handOff();
        return createStreamResponse({
          response,
          idleTimeoutMs,
          abortFetch: (reason) => context.deadline.abort(reason),
          timeoutSignal: context.deadline.signal,
          callerSignal: requestOptions.signal,
          request: context.describe(),
          onEnd: release,
        });
      }),
    limiter,
  };
}

/** What the code finishing an attempt may use. */
interface AttemptContext {
  method: HttpMethod;
  /** The redacted request, built on first use (a successful call rarely needs it). */
  describe: () => RequestDescription;
  /** The attempt's deadline controller; aborting it aborts the fetch (and its body). */
  deadline: AbortController;
  /**
   * Takes over the attempt's resources: the deadline timer stops (a stream has its own idle
   * timer) and the limiter slot is released by calling the returned function, not by the attempt.
   */
  handOff: () => () => void;
}

async function readBufferedResponse<T>(
  response: Response,
  options: RequestOptions<T>,
  method: HttpMethod,
  describe: () => RequestDescription,
): Promise<TransportResponse<T>> {
  let data: unknown;
  const noBody =
    method === 'HEAD' || response.status === 204 || response.status === 205 || response.status === 304;
  if (noBody) {
    await response.body?.cancel().catch(() => undefined);
  } else if (options.responseType === 'bytes') {
    data = new Uint8Array(await response.arrayBuffer());
  } else {
    const text = await response.text();
    if (options.responseType === 'text') data = text;
    else if (text.trim() !== '') data = parseJsonBody(text, response, describe);
  }
  if (options.schema) {
    const result = await options.schema.safeParseAsync(data);
    if (!result.success) {
      const details = result.error.issues.map((issue) => ({
        field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
        message: issue.message,
        error_code: 'invalid_response',
      }));
      const request = describe();
      throw new ResponseValidationError(
        `The response to ${request.method} ${request.url} does not have the expected shape: ${details
          .slice(0, 3)
          .map((d) => `${d.field}: ${d.message}`)
          .join('; ')}${details.length > 3 ? `; and ${details.length - 3} more` : ''}`,
        { status: response.status, request, details },
      );
    }
    data = result.data;
  }
  return { data: data as T, status: response.status, headers: response.headers };
}

function parseJsonBody(text: string, response: Response, describe: () => RequestDescription): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const request = describe();
    const contentType = response.headers.get('content-type') ?? 'no content-type';
    throw new ResponseValidationError(
      `The response to ${request.method} ${request.url} is not JSON (${contentType}, ${text.length} characters)`,
      {
        status: response.status,
        request,
        details: [{ field: '(body)', message: (error as Error).message, error_code: 'invalid_json' }],
        cause: error,
      },
    );
  }
}

async function refreshAuth(
  auth: AuthStrategy,
  signal: AbortSignal | undefined,
  failedToken: string | undefined,
) {
  if (!auth.refresh) return false;
  return auth.refresh({
    ...(signal ? { signal } : {}),
    ...(failedToken === undefined ? {} : { failedToken }),
  });
}

function retryNow(policy: ResolvedRetryOptions | false): number {
  return policy ? policy.now() : Date.now();
}

function toLimiter(limiter: TransportOptions['limiter']): RateLimiter | undefined {
  if (limiter === undefined) return undefined;
  // Duck-typed, so a limiter from another copy of this package is still shared, not rebuilt.
  if (typeof (limiter as RateLimiter).acquire === 'function') return limiter as RateLimiter;
  return new RateLimiter(limiter);
}

function checkTimeout(value: number, field: string): number {
  if (!Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_MS) {
    throw invalidOption(field, `${field} must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}`);
  }
  return value;
}

function invalidOption(field: string, message: string): ValidationError {
  return new ValidationError(message, { details: [{ field, message, error_code: 'invalid_param' }] });
}
