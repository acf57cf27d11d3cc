import { NetworkError, type RequestDescription } from '@conduit/protocol';

/**
 * Turns a failed connection into a `NetworkError` whose message says what actually happened.
 * undici reports every failure as `TypeError('fetch failed')` (or `'terminated'` mid-body) with the
 * real reason, e.g. `connect ECONNREFUSED 127.0.0.1:80`, in `cause`; that reason is what a reader
 * of the error needs.
 *
 * @example
 * ```ts
 * createNetworkError(error, describeRequest('GET', url)).message;
 * // 'GET http://127.0.0.1:1/tasks failed: connect ECONNREFUSED 127.0.0.1:1 (ECONNREFUSED)'
 * ```
 */
export function createNetworkError(error: unknown, request: RequestDescription): NetworkError {
  return new NetworkError(`${request.method} ${request.url} failed: ${describeNetworkCause(error)}`, {
    request,
    cause: error,
  });
}

/**
 * The innermost useful reason of a network failure, with its error code when it has one.
 *
 * @example
 * ```ts
 * describeNetworkCause(new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }));
 * // 'read ECONNRESET (ECONNRESET)'
 * ```
 */
export function describeNetworkCause(error: unknown): string {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 8) {
    chain.push(current);
    // AggregateError (one failure per resolved address) keeps its reasons in `errors`.
    current =
      current instanceof AggregateError && current.errors.length > 0
        ? current.errors[0]
        : current instanceof Error
          ? current.cause
          : undefined;
  }
  let message: string | undefined;
  let code: string | undefined;
  for (const link of chain.toReversed()) {
    const text = link instanceof Error ? link.message : String(link);
    if (message === undefined && text !== '' && !WRAPPER_MESSAGES.has(text)) message = text;
    code ??= codeOf(link);
  }
  message ??= chain[0] instanceof Error && chain[0].message !== '' ? chain[0].message : 'network error';
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

// What fetch implementations say around the real reason, which hides in `cause`.
const WRAPPER_MESSAGES = new Set(['fetch failed', 'terminated']);

/**
 * True for what a fetch implementation throws when the connection fails: undici's `TypeError`s
 * (`fetch failed`, `terminated`), socket errors with an errno-style `code`, and the equivalents of
 * other runtimes. Programming errors (an invalid header value, say) are not network errors.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error) ?? codeOf(error.cause);
  if (code && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return true;
  if (error.name !== 'TypeError') return false;
  return (
    error.message === 'fetch failed' ||
    error.message === 'terminated' ||
    error.message === 'Failed to fetch' ||
    error.message === 'Network request failed' ||
    error.message.startsWith('error sending request') ||
    error.message === 'network error'
  );
}

function codeOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
