import {
  ApplicationTokenResponseSchema,
  AuthenticationError,
  ConduitError,
  ScopedTokenResponseSchema,
} from '@conduit/protocol';
import { type AuthStrategy, cachedTokenAuth, type Transport } from '@conduit/transport';

/** Options of {@link scopedTokenAuth}. */
export interface ScopedTokenAuthOptions {
  /** A transport to the service without auth, for the token calls. */
  transport: Transport;
  clientId: string;
  clientSecret: string;
  externalUserId: string;
  /** Renew tokens this long before they expire; default 60 s. */
  refreshMarginMs?: number;
  now?: () => number;
}

/**
 * Authenticates as one external user of one application: an application token from the client
 * id and secret, exchanged for a scoped token, both fetched lazily, cached until shortly before
 * they expire and renewed one fetch at a time. After a 401 the scoped token is renewed once; when
 * the application token behind it has been refused too, that is renewed first.
 *
 * @example
 * ```ts
 * const auth = scopedTokenAuth({ transport: tokenTransport, clientId, clientSecret, externalUserId: 'user-1' });
 * ```
 */
export function scopedTokenAuth(options: ScopedTokenAuthOptions): AuthStrategy {
  const margin = options.refreshMarginMs ?? 60_000;
  const now = options.now ?? (() => Date.now());
  const applicationAuth = cachedTokenAuth({
    refreshMarginMs: margin,
    now,
    getToken: async () => {
      const body = await options.transport.json({
        method: 'POST',
        path: '/api/v1/account/applications/token',
        json: { client_id: options.clientId, client_secret: options.clientSecret },
        auth: false,
        schema: ApplicationTokenResponseSchema,
        // Issuing a token changes nothing on the server, so a retry is safe.
        idempotent: true,
      });
      return { accessToken: body.access_token, expiresAt: now() + body.expires_in * 1000 };
    },
  });

  const requestScopedToken = async (headers: Headers) => {
    await applicationAuth.authorize(headers, {
      method: 'POST',
      url: '/api/v1/account/applications/scoped-token',
    });
    return options.transport.json({
      method: 'POST',
      path: '/api/v1/account/applications/scoped-token',
      json: { external_user_id: options.externalUserId },
      headers: Object.fromEntries(headers.entries()),
      auth: false,
      schema: ScopedTokenResponseSchema,
      idempotent: true,
    });
  };

  return cachedTokenAuth({
    refreshMarginMs: margin,
    now,
    getToken: async () => {
      let headers = new Headers();
      let body: Awaited<ReturnType<typeof requestScopedToken>>;
      try {
        body = await requestScopedToken(headers);
      } catch (error) {
        // The application token can be refused before its stated expiry (a restarted server with a
        // new signing key): renew it once and ask again.
        if (!(error instanceof AuthenticationError) || !applicationAuth.refresh) throw error;
        await applicationAuth.refresh({
          failedToken: headers.get('authorization')?.replace(/^Bearer\s+/i, ''),
        });
        headers = new Headers();
        body = await requestScopedToken(headers);
      }
      if (!body.token)
        throw new ConduitError('The service issued an empty scoped token', { code: 'invalid_response' });
      return { accessToken: body.token, expiresAt: now() + body.expires_in * 1000 };
    },
  });
}
