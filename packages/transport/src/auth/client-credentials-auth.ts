import { definedOptions } from '@conduit/protocol';
import type { AuthStrategy } from './auth-strategy';
import { cachedTokenAuth } from './cached-token-auth';
import { createOAuthTokenClient, type OAuthClientOptions } from './oauth-token-endpoint';

/**
 * Options of {@link clientCredentialsAuth}.
 *
 * @example
 * ```ts
 * const options: ClientCredentialsAuthOptions = { tokenUrl, clientId, clientSecret, scope: ['read'] };
 * ```
 */
export interface ClientCredentialsAuthOptions extends OAuthClientOptions {
  /** Space-separated string or a list. */
  scope?: string | readonly string[];
  /** More form parameters for the grant, e.g. `{ audience: 'https://api.example.com' }`. */
  extraParams?: Record<string, string>;
  /** Fetch a new token this long before the current one expires. Default 60,000. */
  refreshMarginMs?: number;
}

/**
 * OAuth 2 client credentials (machine-to-machine): the token is fetched on first use, cached until
 * `refreshMarginMs` before `expires_in` runs out, fetched by one caller at a time, and fetched
 * again after a 401. Token requests are retried on transient failures (the grant is idempotent).
 *
 * @example
 * ```ts
 * const cloud = createTransport({
 *   baseUrl: 'https://api.cloud.example.com/v2',
 *   auth: clientCredentialsAuth({ tokenUrl: 'https://auth.cloud.example.com/oauth/token', clientId, clientSecret, scope: ['read'] }),
 * });
 * ```
 */
export function clientCredentialsAuth(options: ClientCredentialsAuthOptions): AuthStrategy {
  const endpoint = createOAuthTokenClient({ ...options, idempotent: true });
  const scope = typeof options.scope === 'string' ? options.scope : options.scope?.join(' ');
  return cachedTokenAuth(
    definedOptions({
      getToken: () =>
        endpoint.request({
          ...options.extraParams,
          grant_type: 'client_credentials',
          ...(scope ? { scope } : {}),
        }),
      refreshMarginMs: options.refreshMarginMs,
      now: options.now,
    }),
  );
}
