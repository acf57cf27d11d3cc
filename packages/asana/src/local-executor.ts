import {
  authFromCredentials,
  type CredentialsJson,
  createConnectorExecutor,
  type LocalConnectorExecutor,
} from '@conduit/connector-kit';
import type {
  AuthStrategy,
  OAuthTokens,
  RateLimiter,
  RateLimiterOptions,
  RetryOptions,
  TransportHooks,
} from '@conduit/transport';
import { mapAsanaError } from './asana-errors';
import { ASANA_API_URL } from './asana-kind';
import { asanaDefinition } from './definition/definition';
import { VERSION } from './version';

/** The upstream's published limits for one token: 1,500 requests a minute, 50 concurrent reads. */
export const ASANA_RATE_LIMIT: RateLimiterOptions = {
  requestsPerInterval: 1500,
  intervalMs: 60_000,
  maxConcurrent: 50,
};

/** Tokens obtained by an OAuth refresh, to persist (`expiresAt` in epoch milliseconds, when known). */
export type AsanaTokens = OAuthTokens;

/**
 * Upstream credentials of local mode: a personal access token, or an OAuth refresh token with the
 * app's client id and secret (refreshed through the upstream token endpoint, one refresh at a
 * time, `onTokens` called with every new pair).
 */
export type AsanaAuth =
  | { token: string }
  | {
      refreshToken: string;
      clientId: string;
      clientSecret: string;
      accessToken?: string;
      /** Epoch milliseconds when `accessToken` expires, if known. */
      expiresAt?: number;
      /** Sent with refreshes; the upstream documents it as required for the app's grant. */
      redirectUri?: string;
      onTokens?: (tokens: AsanaTokens) => void | Promise<void>;
    };

/** Options of the connector in local mode. */
export interface AsanaLocalOptions {
  auth: AsanaAuth;
  /** API root; default `https://app.asana.com/api/1.0`. */
  baseUrl?: string;
  /** OAuth token endpoint; default `/-/oauth_token` on the API root's origin. */
  oauthTokenUrl?: string;
  /** The fetch requests go through; default `defaultFetch()` of @conduit/transport, the platform's `fetch`. */
  fetch?: typeof globalThis.fetch;
  /**
   * Client-side limiter. Defaults to the upstream's limits for one token; pass a shared
   * `RateLimiter` to give several connectors with the same token one budget, or `false` for none.
   */
  rateLimit?: RateLimiterOptions | RateLimiter | false;
  retry?: Partial<RetryOptions> | false;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
  hooks?: TransportHooks;
  /** Product token prepended to the User-Agent, e.g. `my-app/1.0`. */
  userAgent?: string;
}

/**
 * The upstream's OAuth token endpoint for an API root.
 *
 * @example
 * ```ts
 * asanaTokenUrl('https://app.asana.com/api/1.0'); // 'https://app.asana.com/-/oauth_token'
 * ```
 */
export function asanaTokenUrl(baseUrl: string): string {
  return new URL('/-/oauth_token', baseUrl).toString();
}

/** `AsanaAuth` in the credentials JSON shape the kit maps to an auth strategy. */
function credentialsOf(auth: AsanaAuth): CredentialsJson {
  if ('token' in auth) return { token: auth.token };
  return {
    refresh_token: auth.refreshToken,
    client_id: auth.clientId,
    client_secret: auth.clientSecret,
    access_token: auth.accessToken,
  };
}

/** What both constructors of the executor (options of local mode, a module's options) share. */
type AsanaTransportOptions = Pick<
  AsanaLocalOptions,
  'fetch' | 'rateLimit' | 'retry' | 'timeoutMs' | 'hooks' | 'userAgent'
>;

/**
 * The kit's executor runtime over the Asana definition, with an auth strategy already made.
 *
 * @example
 * ```ts
 * const executor = createAsanaExecutor(bearerAuth(token), ASANA_API_URL, {});
 * ```
 */
export function createAsanaExecutor(
  auth: AuthStrategy,
  baseUrl: string,
  options: AsanaTransportOptions,
): LocalConnectorExecutor {
  return createConnectorExecutor({
    definition: asanaDefinition,
    baseUrl,
    auth,
    defaultRateLimit: ASANA_RATE_LIMIT,
    errorMapper: mapAsanaError,
    userAgent: [...(options.userAgent ? [options.userAgent] : []), `conduit-asana/${VERSION}`],
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
  });
}

/**
 * Runs the connector in this process against the upstream API: validates every request against the
 * definition, then calls the upstream with the transport's auth, retries and limiter (the
 * connector kit's executor runtime over the Asana definition).
 *
 * @example
 * ```ts
 * const executor = createLocalExecutor({ auth: { token: process.env.ASANA_TOKEN! } });
 * const page = await executor.execute({ entity: 'workspaces', action: 'list', params: {} });
 * ```
 */
export function createLocalExecutor(options: AsanaLocalOptions): LocalConnectorExecutor {
  const baseUrl = options.baseUrl ?? ASANA_API_URL;
  const auth = options.auth;
  const strategy = authFromCredentials(credentialsOf(auth), {
    tokenUrl: options.oauthTokenUrl ?? asanaTokenUrl(baseUrl),
    ...('token' in auth
      ? {}
      : {
          ...(auth.expiresAt === undefined ? {} : { expiresAt: auth.expiresAt }),
          ...(auth.redirectUri === undefined ? {} : { extraParams: { redirect_uri: auth.redirectUri } }),
          ...(auth.onTokens === undefined ? {} : { onTokens: auth.onTokens }),
        }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  return createAsanaExecutor(strategy, baseUrl, options);
}
