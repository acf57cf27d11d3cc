import { definedOptions, ValidationError } from '@conduit/protocol';
import {
  type AuthStrategy,
  basicAuth,
  bearerAuth,
  type OAuthTokens,
  type RefreshCoordinator,
  refreshTokenAuth,
} from '@conduit/transport';

/**
 * Upstream credentials in their JSON shape (the hosted service's connector body, a CLI
 * credentials file), one of:
 * - `{token}`: a personal access token, sent as a bearer token;
 * - `{access_token, refresh_token?}`: an OAuth access token, sent as a bearer token;
 * - `{email, api_token}`: basic auth of `email/token` and the token (the support-desk API token method);
 * - `{username, password}`: basic auth;
 * - `{refresh_token, client_id, client_secret, access_token?}`: OAuth refresh at the token endpoint.
 *
 * @example
 * ```ts
 * const credentials: CredentialsJson = { refresh_token: 'r', client_id: 'id', client_secret: 's' };
 * ```
 */
export type CredentialsJson = Readonly<Record<string, string | undefined>>;

/**
 * Options of {@link authFromCredentials}.
 *
 * @example
 * ```ts
 * const options: CredentialAuthOptions = { tokenUrl: 'https://app.asana.com/-/oauth_token', onCredentials: save };
 * ```
 */
export interface CredentialAuthOptions {
  /** The upstream's OAuth token endpoint: needed for refresh-token credentials. */
  readonly tokenUrl?: string;
  /** More form parameters of the refresh grant, e.g. `{ redirect_uri }`. */
  readonly extraParams?: Record<string, string>;
  /** When the given access token expires (epoch milliseconds), if known. */
  readonly expiresAt?: number;
  readonly fetch?: typeof globalThis.fetch;
  /**
   * After every OAuth refresh, the credentials to store from then on, in the same JSON shape
   * (`refresh_token` may have rotated). Awaited by the refresh: requests waiting on it go on only
   * once the new pair is stored, so a crash right after never leaves a rotated-away refresh token
   * as the stored one.
   */
  readonly onCredentials?: (credentials: Record<string, string>) => void | Promise<void>;
  /** After every OAuth refresh, the token pair itself. */
  readonly onTokens?: (tokens: OAuthTokens) => void | Promise<void>;
  /** Serializes refreshes with other holders of the same refresh token (the server's other executors, processes). */
  readonly coordinateRefresh?: RefreshCoordinator;
}

function has(credentials: CredentialsJson, ...keys: string[]): boolean {
  return keys.every((key) => typeof credentials[key] === 'string' && credentials[key] !== '');
}

/**
 * Maps a credentials object to the transport's auth strategy: the one place that knows which
 * credential shape is sent how. Throws `ValidationError` (`invalid_credentials`) for a shape it
 * does not know or a refresh token without `tokenUrl`.
 *
 * @example
 * ```ts
 * const auth = authFromCredentials(connector.credentials, {
 *   tokenUrl: 'https://app.asana.com/-/oauth_token',
 *   onCredentials: (credentials) => context.saveCredentials(credentials),
 * });
 * ```
 */
export function authFromCredentials(
  credentials: CredentialsJson,
  options: CredentialAuthOptions = {},
): AuthStrategy {
  if (has(credentials, 'refresh_token', 'client_id', 'client_secret')) {
    const {
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: clientSecret,
    } = credentials as Record<string, string>;
    if (options.tokenUrl === undefined)
      throw invalid('refresh-token credentials need the upstream token endpoint');
    const accessToken = credentials.access_token;
    const { onCredentials, onTokens } = options;
    return refreshTokenAuth(
      definedOptions({
        tokenUrl: options.tokenUrl,
        clientId: clientId as string,
        clientSecret: clientSecret as string,
        refreshToken: refreshToken as string,
        accessToken: accessToken || undefined,
        expiresAt: options.expiresAt,
        extraParams: options.extraParams,
        fetch: options.fetch,
        coordinateRefresh: options.coordinateRefresh,
        onTokens:
          onCredentials === undefined && onTokens === undefined
            ? undefined
            : async (tokens: OAuthTokens) => {
                await onTokens?.(tokens);
                await onCredentials?.({
                  refresh_token: tokens.refreshToken,
                  client_id: clientId as string,
                  client_secret: clientSecret as string,
                  access_token: tokens.accessToken,
                });
              },
      }),
    );
  }
  if (has(credentials, 'token')) return bearerAuth(credentials.token as string);
  if (has(credentials, 'access_token')) return bearerAuth(credentials.access_token as string);
  if (has(credentials, 'email', 'api_token')) {
    return basicAuth(`${credentials.email}/token`, credentials.api_token as string);
  }
  if (has(credentials, 'username', 'password')) {
    return basicAuth(credentials.username as string, credentials.password as string);
  }
  throw invalid(
    'no known credential method: give token, access_token, email and api_token, or refresh_token, client_id and client_secret',
  );
}

function invalid(message: string): ValidationError {
  return new ValidationError(`invalid credentials: ${message}`, {
    code: 'invalid_credentials',
    status: 422,
    details: [{ field: 'credentials', message, error_code: 'invalid_credentials' }],
  });
}
