import { definedOptions } from '@conduit/protocol';
import type { AuthStrategy } from './auth-strategy';
import { type AccessToken, cachedTokenAuth } from './cached-token-auth';
import { createOAuthTokenClient, type OAuthClientOptions } from './oauth-token-endpoint';

/**
 * The tokens to persist after a refresh.
 *
 * @example
 * ```ts
 * refreshTokenAuth({ …, onTokens: (tokens: OAuthTokens) => store.save('asana', tokens) });
 * ```
 */
export interface OAuthTokens {
  accessToken: string;
  /** The refresh token to use next time: the new one if the server rotated it, else the old one. */
  refreshToken: string;
  /** Epoch milliseconds, when the server said. */
  expiresAt: number | undefined;
}

/**
 * Serializes the refreshes of one grant with those made elsewhere with the same refresh token
 * (another executor of the same account, another process): called for each refresh with the
 * refresh token held and `grant`, which makes the grant with the refresh token it is given (and
 * persists the result through `onTokens`). It resolves with the tokens to use from then on: those
 * of a grant, or, when another refresher already rotated the held token, the ones it stored
 * (only when `adoptable`: an auth that never held an access token wants a grant of its own).
 *
 * @example
 * ```ts
 * const coordinate: RefreshCoordinator = (held, grant) => lock.run(() => grant(latestStoredRefreshToken() ?? held));
 * ```
 */
export type RefreshCoordinator = (
  held: string,
  grant: (refreshToken: string) => Promise<OAuthTokens>,
  context: { readonly adoptable: boolean },
) => Promise<OAuthTokens>;

/**
 * Options of {@link refreshTokenAuth}.
 *
 * @example
 * ```ts
 * const options: RefreshTokenAuthOptions = { tokenUrl, clientId, clientSecret, refreshToken: stored.refreshToken };
 * ```
 */
export interface RefreshTokenAuthOptions extends OAuthClientOptions {
  refreshToken: string;
  /** The access token already held, if any; without one the first request refreshes. */
  accessToken?: string;
  /** When `accessToken` expires (epoch milliseconds or a Date). Unknown: used until a 401. */
  expiresAt?: number | Date;
  /** More form parameters for the grant, e.g. `{ redirect_uri }`, which Asana requires. */
  extraParams?: Record<string, string>;
  /**
   * Called once per refresh with the tokens to persist. Awaited before the waiting requests go on.
   * If it throws, those requests fail with its error; the rotated refresh token is still kept in
   * memory, and the next request refreshes (and calls `onTokens`) again.
   */
  onTokens?: (tokens: OAuthTokens) => void | Promise<void>;
  /** Refresh this long before `expiresAt`. Default 60,000. */
  refreshMarginMs?: number;
  /** Serializes refreshes with other holders of the same refresh token; default none. */
  coordinateRefresh?: RefreshCoordinator;
}

/**
 * OAuth 2 refresh-token flow (e.g. an Asana OAuth app): a form-encoded
 * `grant_type=refresh_token` POST when the access token is missing, near expiry or rejected with a
 * 401. One refresh at a time however many requests wait; a request that failed with a token another
 * caller already replaced is replayed without refreshing again. A rotated refresh token replaces
 * the old one; if the response has none, the old one is kept. A rejected refresh token fails with
 * `AuthenticationError` code `invalid_grant`: the user must authorize again.
 *
 * The grant is not retried on ambiguous failures: with rotating refresh tokens, sending the same
 * refresh token twice can revoke the whole token family.
 *
 * @example
 * ```ts
 * const auth = refreshTokenAuth({
 *   tokenUrl: 'https://app.asana.com/-/oauth_token',
 *   clientId, clientSecret,
 *   refreshToken: stored.refreshToken,
 *   extraParams: { redirect_uri: 'http://localhost:8787/callback' },
 *   onTokens: (tokens) => store.save(tokens),
 * });
 * ```
 */
export function refreshTokenAuth(options: RefreshTokenAuthOptions): AuthStrategy {
  const endpoint = createOAuthTokenClient({ ...options, idempotent: false });
  let refreshToken = options.refreshToken;
  const expiresAt = options.expiresAt instanceof Date ? options.expiresAt.getTime() : options.expiresAt;
  const initialToken: AccessToken | undefined = options.accessToken
    ? definedOptions({ accessToken: options.accessToken, expiresAt })
    : undefined;

  let heldAccessToken = initialToken !== undefined;
  const grant = async (using: string): Promise<OAuthTokens> => {
    const tokens = await endpoint.request({
      ...options.extraParams,
      grant_type: 'refresh_token',
      refresh_token: using,
    });
    refreshToken = tokens.refreshToken ?? using;
    const renewed = { accessToken: tokens.accessToken, refreshToken, expiresAt: tokens.expiresAt };
    await options.onTokens?.(renewed);
    return renewed;
  };

  return cachedTokenAuth({
    getToken: async () => {
      const tokens = options.coordinateRefresh
        ? await options.coordinateRefresh(refreshToken, grant, { adoptable: heldAccessToken })
        : await grant(refreshToken);
      // Adopted tokens (another refresher's) replace the held refresh token too.
      refreshToken = tokens.refreshToken;
      heldAccessToken = true;
      return definedOptions({ accessToken: tokens.accessToken, expiresAt: tokens.expiresAt });
    },
    initialToken,
    refreshMarginMs: options.refreshMarginMs,
    now: options.now,
  });
}
