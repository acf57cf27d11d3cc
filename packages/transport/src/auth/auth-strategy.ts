/**
 * What an auth strategy is told when asked to authorize a request.
 *
 * @example
 * ```ts
 * const context: AuthorizeContext = { method: 'GET', url: 'https://app.asana.com/api/1.0/users/me', signal };
 * await strategy.authorize(headers, context);
 * ```
 */
export interface AuthorizeContext {
  /** Aborts when the caller aborts or the attempt times out: a strategy fetching a token should stop waiting then. */
  signal?: AbortSignal;
  method: string;
  /** The full URL being requested (strategies that sign requests need it). */
  url: string;
}

/**
 * What an auth strategy is told when the server rejected its credentials with a 401.
 *
 * @example
 * ```ts
 * const refreshed = await strategy.refresh?.({ failedToken: 'expired-access-token', signal });
 * ```
 */
export interface RefreshContext {
  signal?: AbortSignal;
  /**
   * The credential that was rejected: the `Authorization` header of the failed request without its
   * scheme (`Bearer abc` gives `abc`). If the strategy's current token already differs, a concurrent
   * caller refreshed in the meantime, and the strategy should not refresh again.
   */
  failedToken?: string;
}

/**
 * How the transport authenticates requests. Built-ins: {@link bearerAuth}, {@link basicAuth},
 * {@link cachedTokenAuth}, {@link clientCredentialsAuth}, {@link refreshTokenAuth}. Implement it for
 * other schemes (a hosted service's scoped tokens, request signing).
 *
 * `authorize` runs before every attempt, so a retry always carries the current credentials. After
 * a 401, the transport calls `refresh` (if present) once per call; if it resolves `true`, the
 * request is replayed exactly once. Errors thrown by either method fail the call as they are.
 *
 * @example
 * ```ts
 * const apiKeyAuth: AuthStrategy = {
 *   async authorize(headers) {
 *     headers.set('x-api-key', await vault.read('api-key'));
 *   },
 * };
 * ```
 */
export interface AuthStrategy {
  /** Sets the credentials on the outgoing headers. */
  authorize(headers: Headers, context: AuthorizeContext): Promise<void> | void;
  /**
   * Fixed credentials: the headers `authorize` would set, when they are the same on every request
   * (a personal access token, an API key). The transport then sets them with each authorized
   * request's own headers instead of calling `authorize` before every attempt: no ky hook runs on
   * a request at all (ky awaits each hook and hands it a frozen copy of the options, which costs
   * more than the header). Ignored when the strategy has `refresh` (its credentials change).
   * A strategy made by spreading another (`{ ...bearerAuth(token), authorize }`) takes its
   * `headers` along, and they win over the new `authorize`: set `headers: undefined` there.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Gets fresh credentials after a 401. Resolve `true` if a replay may now succeed, `false` if
   * nothing changed. Implementations must be single-flight: many concurrent callers, one refresh.
   */
  refresh?(context: RefreshContext): Promise<boolean>;
}

/**
 * The token of an `Authorization` header value, without its scheme.
 *
 * @example
 * ```ts
 * tokenOfAuthorization('Bearer abc'); // 'abc'
 * ```
 */
export function tokenOfAuthorization(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const match = /^\S+\s+(.+)$/.exec(value.trim());
  return match ? match[1] : value.trim();
}
