import { definedOptions } from '@conduit/protocol';
import {
  type AuthStrategy,
  bearerAuth,
  cachedTokenAuth,
  createTransport,
  type Transport,
} from '@conduit/transport';
import * as z from 'zod';
import type { CloudClientConfig } from '../config/cloud-client-config';
import { mapPlatformHttpError } from '../errors/map-platform-http-error';

/** What the token endpoint's transport shares with the API transports. */
export interface PlatformAuthOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  userAgent?: string | string[];
  /** Clock for token expiry, so an injected (simulated) clock ages tokens too. */
  now?: () => number;
}

const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
});

/**
 * The auth strategy of a config: a pre-generated bearer token used as is, or the client-credentials
 * flow against `{apiRoot}/applications/token` (token fetched on first use, cached until shortly
 * before `expires_in` runs out, fetched again after a 401 and the request replayed once).
 *
 * The token request goes through a transport with the platform's own error mapping, so a refused
 * exchange (a wrong client secret answers 400 "Invalid client id or token", not an OAuth `error`
 * body) is a `PlatformApiError` keeping the platform's message, like every other platform failure.
 *
 * @example
 * ```ts
 * const auth = platformAuth(new CloudClientConfig({ clientId, clientSecret }), {});
 * ```
 */
export function platformAuth(config: CloudClientConfig, options: PlatformAuthOptions): AuthStrategy {
  if (config.bearerToken) return bearerAuth(config.bearerToken.reveal());
  const { clientId, clientSecret } = config;
  if (!clientId || !clientSecret) {
    // CloudClientConfig's constructor makes this unreachable; kept so the types need no assertion.
    throw new TypeError('A CloudClientConfig without credentials cannot authenticate');
  }
  const now = options.now ?? (() => Date.now());
  let transport: Transport | undefined;
  return cachedTokenAuth({
    now,
    getToken: async () => {
      transport ??= createTransport({
        baseUrl: config.apiRoot,
        errorMapper: mapPlatformHttpError,
        ...definedOptions({
          fetch: options.fetch,
          timeoutMs: options.timeoutMs,
          userAgent: options.userAgent,
        }),
      });
      // Form-encoded, as the platform's own SDK sends it to the public API.
      const token = await transport.json({
        method: 'POST',
        url: `${config.apiRoot}/applications/token`,
        form: {
          grant_type: 'client_credentials',
          client_id: clientId.reveal(),
          client_secret: clientSecret.reveal(),
        },
        idempotent: true,
        schema: TokenResponseSchema,
      });
      return definedOptions({
        accessToken: token.access_token,
        expiresAt: token.expires_in === undefined ? undefined : now() + token.expires_in * 1000,
      });
    },
  });
}
