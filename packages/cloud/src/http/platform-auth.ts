import {
  type AuthStrategy,
  bearerAuth,
  type ClientCredentialsAuthOptions,
  clientCredentialsAuth,
} from '@conduit/transport';
import type { CloudClientConfig } from '../config/cloud-client-config';

/** What the token endpoint's transport shares with the API transports. */
export interface PlatformAuthOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  userAgent?: string | string[];
  /** Clock for token expiry, so an injected (simulated) clock ages tokens too. */
  now?: () => number;
}

/**
 * The auth strategy of a config: a pre-generated bearer token used as is, or the client-credentials
 * flow against `{apiRoot}/applications/token` (token fetched on first use, cached until shortly
 * before `expires_in` runs out, fetched again after a 401 and the request replayed once).
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
  const credentials: ClientCredentialsAuthOptions = {
    tokenUrl: `${config.apiRoot}/applications/token`,
    clientId: clientId.reveal(),
    clientSecret: clientSecret.reveal(),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    ...(options.now === undefined ? {} : { now: options.now }),
  };
  return clientCredentialsAuth(credentials);
}
