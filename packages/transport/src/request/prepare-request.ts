import { ValidationError } from '@conduit/protocol';
import { type ResolvedRetryOptions, type RetryOptions, resolveRetryOptions } from '../retry/retry-options';
import { buildUrl } from './build-url';
import type { HttpMethod, RequestBody, RequestOptions } from './request-options';

// setTimeout fires at once for anything larger, which would turn a long timeout into none.
const MAX_TIMEOUT_MS = 2_147_483_647;
const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** `buffered`: `request()`/`json()` read the whole body; `stream`: the caller reads it. */
export type CallMode = 'buffered' | 'stream';

/**
 * A request checked and resolved against its transport: what every attempt sends. Internal.
 *
 * @example
 * ```ts
 * const prepared = prepareRequest(settings, { path: '/tasks/1' }, 'buffered');
 * ```
 */
export interface PreparedRequest {
  mode: CallMode;
  /** Whether a buffered attempt reads its body as text (a `json` or `text` response) or as bytes. */
  readText: boolean;
  method: HttpMethod;
  /** The full URL (`href`). */
  url: string;
  /** Lower-case names; a fixed strategy's credentials are here, changing ones are added per attempt by the auth layer. */
  headers: Record<string, string>;
  json: unknown;
  body: RequestBody | undefined;
  applyAuth: boolean;
  /** A fixed strategy's headers when this request carries them: described as redacted, whatever their names. */
  credentialHeaders: Readonly<Record<string, string>> | undefined;
  /** False when the body cannot be sent twice (a stream), which rules out retries and replays. */
  replayable: boolean;
  retry: ResolvedRetryOptions | false;
  /** Whether the retry policy (or `idempotent`) allows trying this method again. */
  retryAllowed: boolean;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/**
 * What a transport resolved once, at creation, for every request.
 *
 * @example
 * ```ts
 * const settings: TransportSettings = { baseUrl, headers: {}, userAgent, timeoutMs: 30_000, hasAuth: true, retry, retryOption: undefined };
 * ```
 */
export interface TransportSettings {
  baseUrl: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  userAgent: string;
  timeoutMs: number;
  hasAuth: boolean;
  /** A fixed strategy's headers (lower-case names), set on every request it authorizes. */
  authHeaders?: Readonly<Record<string, string>>;
  /** The transport's policy, resolved once (most requests bring none of their own). */
  retry: ResolvedRetryOptions | false;
  /** The transport's own `retry` option, under a request's. */
  retryOption: Partial<RetryOptions> | false | undefined;
}

/**
 * Checks a request (one body at most, none on GET/HEAD, a known method, a path or a URL) and
 * resolves it: URL, headers, retry policy, timeout. Bad input throws `ValidationError` naming the
 * field, before anything is sent.
 *
 * @example
 * ```ts
 * const prepared = prepareRequest(settings, { method: 'POST', path: '/tasks', json: { name: 'x' } }, 'buffered');
 * ```
 */
export function prepareRequest(
  settings: TransportSettings,
  request: RequestOptions<unknown>,
  mode: CallMode,
): PreparedRequest {
  const method = (request.method ?? 'GET').toUpperCase() as HttpMethod;
  if (!METHODS.has(method)) throw invalidOption('method', `unsupported method ${request.method}`);
  if (request.path === undefined && request.url === undefined) {
    throw invalidOption('path', 'give a path (under baseUrl) or an absolute url');
  }
  const { baseUrl } = settings;
  const { href, origin } = buildUrl(baseUrl, request);
  const bodies =
    (request.json === undefined ? 0 : 1) +
    (request.form === undefined ? 0 : 1) +
    (request.body === undefined ? 0 : 1);
  if (bodies > 1) {
    throw invalidOption('body', 'give at most one of json, form and body');
  }
  if ((method === 'GET' || method === 'HEAD') && bodies > 0) {
    throw invalidOption('body', `a ${method} request cannot have a body`);
  }
  // A `path` stays under the base URL (buildUrl refuses one that does not): only a `url` can leave
  // its origin, and only then are the two origins (each a string built per read) compared.
  const sameOrigin = request.url === undefined || origin === baseUrl.origin;
  const applyAuth = settings.hasAuth && (request.auth === true || (request.auth !== false && sameOrigin));

  const responseType = request.responseType ?? 'json';
  const headers: Record<string, string> = {
    accept: mode === 'buffered' && responseType === 'json' ? 'application/json' : '*/*',
    'user-agent': settings.userAgent,
  };
  // Transport-wide credentials set as a plain header must not leak to another origin either.
  const keepAuthorization = applyAuth || (request.auth !== false && sameOrigin);
  for (const name in settings.headers) {
    if (name !== 'authorization' || keepAuthorization) headers[name] = settings.headers[name] as string;
  }
  if (request.headers)
    for (const name in request.headers) headers[name.toLowerCase()] = request.headers[name] as string;
  // Last, as `authorize` would set them on the attempt: the strategy's credentials win.
  const { authHeaders } = settings;
  if (applyAuth && authHeaders) for (const name in authHeaders) headers[name] = authHeaders[name] as string;

  const replayable = !(request.body instanceof ReadableStream);
  const retry =
    request.retry === undefined ? settings.retry : resolveRetryOptions(settings.retryOption, request.retry);
  const retryAllowed =
    retry !== false && replayable && (request.idempotent ?? retry.methods.includes(method));
  return {
    mode,
    readText: responseType !== 'bytes',
    method,
    url: href,
    headers,
    json: request.json,
    body: request.form === undefined ? request.body : new URLSearchParams(request.form),
    applyAuth,
    credentialHeaders: applyAuth ? authHeaders : undefined,
    replayable,
    retry,
    retryAllowed,
    timeoutMs: checkTimeout(request.timeoutMs ?? settings.timeoutMs, 'timeoutMs'),
    signal: request.signal,
  };
}

/**
 * Checks a timeout option: a positive number of milliseconds that `setTimeout` can hold.
 *
 * @example
 * ```ts
 * checkTimeout(options.timeoutMs ?? 30_000, 'timeoutMs');
 * ```
 */
export function checkTimeout(value: number, field: string): number {
  if (!Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_MS) {
    throw invalidOption(field, `${field} must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}`);
  }
  return value;
}

function invalidOption(field: string, message: string): ValidationError {
  return new ValidationError(message, { details: [{ field, message, error_code: 'invalid_param' }] });
}
