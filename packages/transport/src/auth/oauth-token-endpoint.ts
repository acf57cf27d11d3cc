import {
  AuthenticationError,
  type ConduitError,
  definedOptions,
  describeRequest,
  type RequestDescription,
  ResponseValidationError,
  redactValue,
  zodIssueDetails,
} from '@conduit/protocol';
import * as z from 'zod';
import { createTransport } from '../create-transport';
import type { ErrorMapperContext } from '../errors/create-http-error';
import type { Transport } from '../transport';
import { basicAuth } from './basic-auth';

/**
 * Tokens from an OAuth 2 token endpoint.
 *
 * @example
 * ```ts
 * const { accessToken, refreshToken, expiresAt } = await requestOAuthToken(options);
 * ```
 */
export interface OAuthTokenSet {
  accessToken: string;
  /** Present when the server issued (or rotated) a refresh token. */
  refreshToken?: string;
  /** Epoch milliseconds, from `expires_in`. */
  expiresAt?: number;
  scope?: string;
  tokenType?: string;
  /**
   * The response's other fields, when it has any: what an upstream adds to the standard ones
   * (Salesforce's `instance_url`, `id`, `issued_at`).
   */
  extra?: Record<string, unknown>;
}

/**
 * How the client proves its identity to the token endpoint (RFC 6749 §2.3.1).
 *
 * @example
 * ```ts
 * clientCredentialsAuth({ tokenUrl, clientId, clientSecret, clientAuthentication: 'basic' });
 * ```
 */
export type ClientAuthentication = 'body' | 'basic';

/**
 * How the grant's parameters are sent: `form` (`application/x-www-form-urlencoded`, RFC 6749
 * §4.1.3) or `json` for upstreams whose token endpoint takes only JSON (Zendesk's `/oauth/tokens`).
 *
 * @example
 * ```ts
 * requestOAuthToken({ tokenUrl, clientId, clientSecret, bodyEncoding: 'json', params });
 * ```
 */
export type TokenBodyEncoding = 'form' | 'json';

/**
 * Where an OAuth token endpoint is and how the client authenticates there: what
 * {@link requestOAuthToken}, `clientCredentialsAuth` and `refreshTokenAuth` share.
 *
 * @example
 * ```ts
 * const client: OAuthClientOptions = { tokenUrl, clientId, clientSecret, clientAuthentication: 'basic' };
 * ```
 */
export interface OAuthClientOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** `body` (default): `client_id`/`client_secret` in the form; `basic`: HTTP Basic. */
  clientAuthentication?: ClientAuthentication;
  /** `form` (default) or `json`: how the grant's parameters (and body client credentials) are sent. */
  bodyEncoding?: TokenBodyEncoding;
  /** The fetch requests go through; default `defaultFetch()` (the platform's `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
  /** Per attempt at the token endpoint. Default 30,000. */
  timeoutMs?: number;
  userAgent?: string | string[];
  now?: () => number;
}

/**
 * Options of {@link requestOAuthToken}.
 *
 * @example
 * ```ts
 * const options: OAuthTokenRequestOptions = {
 *   tokenUrl, clientId, clientSecret,
 *   params: { grant_type: 'authorization_code', code, redirect_uri },
 * };
 * ```
 */
export interface OAuthTokenRequestOptions extends OAuthClientOptions {
  /** The grant's form parameters, e.g. `{ grant_type: 'authorization_code', code, redirect_uri }`. */
  params: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Retry transient failures. Safe for `client_credentials`; not for `refresh_token` with rotating
   * refresh tokens, where a repeated grant may revoke the whole token family. Default false.
   */
  idempotent?: boolean;
}

const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.union([z.number().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

/**
 * POSTs a form-encoded grant to an OAuth 2 token endpoint and returns the tokens. OAuth errors
 * (`{"error":"invalid_grant"}`, with 400 or 401, or even 200) become an `AuthenticationError`
 * whose `code` is the OAuth error code. Use it for grants the strategies do not cover, such as the
 * initial authorization-code exchange.
 *
 * @example
 * ```ts
 * const tokens = await requestOAuthToken({
 *   tokenUrl: 'https://app.asana.com/-/oauth_token',
 *   clientId, clientSecret,
 *   params: { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:8787/callback' },
 * });
 * ```
 */
export async function requestOAuthToken(options: OAuthTokenRequestOptions): Promise<OAuthTokenSet> {
  return createOAuthTokenClient(options).request(options.params, options.signal);
}

/**
 * A token endpoint bound to one client: one transport, many grants.
 *
 * @example
 * ```ts
 * const tokens = await client.request({ grant_type: 'client_credentials' }, signal);
 * ```
 */
export interface OAuthTokenClient {
  request(params: Record<string, string>, signal?: AbortSignal): Promise<OAuthTokenSet>;
}

/**
 * Binds a token endpoint and client credentials once; the strategies keep one of these.
 *
 * @example
 * ```ts
 * const endpoint = createOAuthTokenClient({ tokenUrl, clientId, clientSecret, idempotent: true });
 * const tokens = await endpoint.request({ grant_type: 'client_credentials' });
 * ```
 */
export function createOAuthTokenClient(
  options: Omit<OAuthTokenRequestOptions, 'params' | 'signal'>,
): OAuthTokenClient {
  const now = options.now ?? (() => Date.now());
  const useBasic = options.clientAuthentication === 'basic';
  let transport: Transport | undefined;
  const getTransport = (): Transport => {
    transport ??= createTransport(
      definedOptions({
        baseUrl: options.tokenUrl,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        userAgent: options.userAgent,
        // RFC 6749 §2.3.1: both parts are form-encoded before going into the Basic header.
        auth: useBasic
          ? basicAuth(formEncode(options.clientId), formEncode(options.clientSecret))
          : undefined,
        errorMapper: ({ status, body, request }: ErrorMapperContext) => oauthError(status, body, request),
      }),
    );
    return transport;
  };

  return {
    async request(params, signal) {
      const fields: Record<string, string> = useBasic
        ? { ...params }
        : { ...params, client_id: options.clientId, client_secret: options.clientSecret };
      const response = await getTransport().request({
        method: 'POST',
        url: options.tokenUrl,
        ...(options.bodyEncoding === 'json' ? { json: fields } : { form: fields }),
        idempotent: options.idempotent ?? false,
        ...(signal ? { signal } : {}),
      });
      const description = describeRequest('POST', options.tokenUrl);
      // Some servers answer OAuth errors with 200; the `error` field is what counts.
      const failure = oauthError(response.status, response.data, description);
      if (failure) throw failure;
      const parsed = TokenResponseSchema.safeParse(response.data);
      if (!parsed.success) {
        throw new ResponseValidationError('The token endpoint returned no usable access token', {
          request: description,
          details: zodIssueDetails(parsed.error.issues, {
            errorCode: 'invalid_response',
            whole: 'response body',
          }),
        });
      }
      const token = parsed.data;
      const set: OAuthTokenSet = { accessToken: token.access_token };
      if (token.refresh_token !== undefined) set.refreshToken = token.refresh_token;
      if (token.expires_in !== undefined) set.expiresAt = now() + token.expires_in * 1000;
      if (token.scope !== undefined) set.scope = token.scope;
      if (token.token_type !== undefined) set.tokenType = token.token_type;
      const {
        access_token: _access,
        refresh_token: _refresh,
        expires_in: _expires,
        scope: _scope,
        token_type: _type,
        ...extra
      } = token;
      if (Object.keys(extra).length > 0) set.extra = extra;
      return set;
    },
  };
}

function oauthError(status: number, body: unknown, request: RequestDescription): ConduitError | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error: code, error_description: description } = body as {
    error?: unknown;
    error_description?: unknown;
  };
  if (typeof code !== 'string' || code === '') return undefined;
  if (status >= 500 || status === 429) return undefined; // transient: the default mapping keeps it retryable
  const detail =
    typeof description === 'string' && description !== '' ? ` (${description.slice(0, 300)})` : '';
  return new AuthenticationError(`Token request failed: ${code}${detail}`, {
    code,
    status,
    request,
    responseBody: redactValue(body),
  });
}

function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1);
}
