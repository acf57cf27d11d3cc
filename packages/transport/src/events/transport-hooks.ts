import type { ConduitError, RequestDescription } from '@conduit/protocol';

/**
 * Sent before each attempt goes out. `request` is redacted (no credentials).
 *
 * @example
 * ```ts
 * onRequest: ({ request, attempt }) => log.debug(`${request.method} ${request.url} #${attempt}`)
 * ```
 */
export interface TransportRequestEvent {
  request: RequestDescription;
  /** 1 for the first attempt, 2 for the first retry or replay, … */
  attempt: number;
}

/**
 * Sent when response headers arrive, whatever the status.
 *
 * @example
 * ```ts
 * onResponse: ({ status, durationMs }) => histogram.observe({ status }, durationMs)
 * ```
 */
export interface TransportResponseEvent extends TransportRequestEvent {
  status: number;
  /** From sending this attempt to its response headers. */
  durationMs: number;
}

/**
 * Sent when a failed attempt is about to be tried again.
 *
 * @example
 * ```ts
 * onRetry: ({ reason, delayMs, error }) => log.warn(`${reason}: ${error.code}, next try in ${delayMs} ms`)
 * ```
 */
export interface TransportRetryEvent extends TransportRequestEvent {
  /** `error`: a retryable failure; `auth-refresh`: a 401 replayed once with refreshed credentials. */
  reason: 'error' | 'auth-refresh';
  /** Why the attempt failed. */
  error: ConduitError;
  /** The status of the failed attempt, if it got a response. */
  status?: number;
  /** How long we wait before the next attempt. */
  delayMs: number;
}

/**
 * Sent once when a call finally fails (after any retries).
 *
 * @example
 * ```ts
 * onError: ({ request, error, durationMs }) => log.error({ request, error, durationMs })
 * ```
 */
export interface TransportErrorEvent extends TransportRequestEvent {
  /** A `ConduitError`, or the caller's abort reason when the caller aborted. */
  error: unknown;
  status?: number;
  /** From the start of the call, across every attempt and wait. */
  durationMs: number;
}

/**
 * Logging and tracing callbacks. Every event carries a redacted request description, never a
 * credential. A hook that throws is ignored: observing a request must not change its outcome.
 *
 * @example
 * ```ts
 * createTransport({
 *   baseUrl,
 *   hooks: { onResponse: (e) => metrics.timing('upstream', e.durationMs, { status: e.status }) },
 * });
 * ```
 */
export interface TransportHooks {
  onRequest?: (event: TransportRequestEvent) => void;
  onResponse?: (event: TransportResponseEvent) => void;
  onRetry?: (event: TransportRetryEvent) => void;
  onError?: (event: TransportErrorEvent) => void;
}

/**
 * Gives an event a `request` that is described (URL and headers redacted) only when a hook reads
 * it: hooks that count statuses never pay for the redaction, which costs more than the rest of a
 * successful attempt's bookkeeping. Enumerable, so spreading or logging the event still shows it.
 */
export function withLazyRequest<T extends object>(
  event: T,
  describe: () => RequestDescription,
): T & { readonly request: RequestDescription } {
  return Object.defineProperty(event, 'request', { get: describe, enumerable: true }) as T & {
    readonly request: RequestDescription;
  };
}

/** Calls one hook, shielding the request from whatever the hook does wrong. */
export function emitHook<Name extends keyof TransportHooks>(
  hooks: TransportHooks | undefined,
  name: Name,
  event: Parameters<NonNullable<TransportHooks[Name]>>[0],
): void {
  const hook = hooks?.[name] as ((event: unknown) => void) | undefined;
  if (!hook) return;
  try {
    hook(event);
  } catch {
    // Deliberately ignored: see TransportHooks.
  }
}
