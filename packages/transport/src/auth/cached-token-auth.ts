import { ResponseValidationError } from '@conduit/protocol';
import type { AuthStrategy } from './auth-strategy';

/**
 * An access token and, when known, when it expires (epoch milliseconds).
 *
 * @example
 * ```ts
 * const token: AccessToken = { accessToken: 'eyJ…', expiresAt: Date.now() + 3_600_000 };
 * ```
 */
export interface AccessToken {
  accessToken: string;
  expiresAt?: number;
}

/**
 * Options of {@link cachedTokenAuth}.
 *
 * @example
 * ```ts
 * const options: CachedTokenAuthOptions = { getToken: () => exchangeAppToken(), refreshMarginMs: 30_000 };
 * ```
 */
export interface CachedTokenAuthOptions {
  /**
   * Fetches a new token. Called by one caller at a time however many wait for it; it gets no
   * caller's signal, because one caller giving up must not fail the fetch the others wait on.
   */
  getToken: () => Promise<AccessToken>;
  /** A token already held (e.g. restored from storage), used until it nears expiry. */
  initialToken?: AccessToken;
  /**
   * Fetch a new token this long before `expiresAt`, so no request leaves with a token that expires
   * on the way. Capped at half the token's lifetime for short-lived tokens. Default 60,000.
   */
  refreshMarginMs?: number;
  /** The `Authorization` scheme. Default `Bearer`. */
  scheme?: string;
  /** Now in epoch milliseconds; injectable for tests. Default `Date.now`. */
  now?: () => number;
}

interface CachedToken {
  accessToken: string;
  refreshAt: number;
}

/**
 * A bearer token fetched on demand and cached until shortly before it expires. Fetches are
 * single-flight: concurrent requests share one. After a 401 the token is fetched again, unless
 * another caller already replaced the token that failed, and the request is replayed once.
 * The base of {@link clientCredentialsAuth} and {@link refreshTokenAuth}; use it directly for
 * other token exchanges (a hosted service's scoped tokens).
 *
 * @example
 * ```ts
 * const auth = cachedTokenAuth({
 *   getToken: async () => {
 *     const { token, expires_at } = await hosted.json({ method: 'POST', path: '/v1/tokens', json: { scope } });
 *     return { accessToken: token, expiresAt: Date.parse(expires_at) };
 *   },
 * });
 * ```
 */
export function cachedTokenAuth(options: CachedTokenAuthOptions): AuthStrategy {
  const now = options.now ?? (() => Date.now());
  const margin = options.refreshMarginMs ?? 60_000;
  const scheme = options.scheme ?? 'Bearer';
  const toCached = (token: AccessToken, obtainedAt: number): CachedToken => {
    if (typeof token.accessToken !== 'string' || token.accessToken === '') {
      throw new ResponseValidationError('The token source returned no access token', {
        details: [
          { field: 'accessToken', message: 'must be a non-empty string', error_code: 'invalid_response' },
        ],
      });
    }
    if (token.expiresAt === undefined)
      return { accessToken: token.accessToken, refreshAt: Number.POSITIVE_INFINITY };
    const lifetime = Math.max(0, token.expiresAt - obtainedAt);
    return { accessToken: token.accessToken, refreshAt: token.expiresAt - Math.min(margin, lifetime / 2) };
  };

  let current: CachedToken | undefined = options.initialToken
    ? toCached(options.initialToken, now())
    : undefined;
  let flight: Promise<CachedToken> | undefined;

  const fetchToken = (): Promise<CachedToken> => {
    flight ??= (async () => {
      try {
        const token = await options.getToken();
        current = toCached(token, now());
        return current;
      } finally {
        flight = undefined;
      }
    })();
    return flight;
  };

  return {
    async authorize(headers, { signal }) {
      const token = current && now() < current.refreshAt ? current : await abortable(fetchToken(), signal);
      headers.set('authorization', `${scheme} ${token.accessToken}`);
    },
    async refresh({ failedToken, signal }) {
      if (flight) {
        await abortable(flight, signal);
        return true;
      }
      if (current && failedToken !== undefined && current.accessToken !== failedToken) return true;
      await abortable(fetchToken(), signal);
      return true;
    },
  };
}

/** Waits for a shared promise, but lets this caller stop waiting when its own signal aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
