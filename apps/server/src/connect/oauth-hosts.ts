import type { ConnectorModule } from '@conduit/connector-kit';
import { EgressDeniedError, ValidationError } from '@conduit/protocol';
import type { OAuthTokenSet } from '@conduit/transport';
import { createEgressPolicy } from '@conduit/transport/egress';
import type { AppConfig } from '../extensions/server-services';

/** The error code of a sign-in address outside the kind's identity hosts. */
export const OAUTH_HOST_NOT_ALLOWED = 'oauth_host_not_allowed';

function listed(hosts: readonly string[], host: string): boolean {
  try {
    // Only `allowedHosts`: nothing passes by being named in the egress `allow` list.
    createEgressPolicy({ allowedHosts: hosts }).checkHost(host);
    return true;
  } catch (error) {
    if (error instanceof EgressDeniedError) return false;
    throw error;
  }
}

/**
 * Refuses an OAuth address (consent page, token endpoint, a token response's `instance_url`)
 * unless it is on one of the hosts the operator's client may reach: the kind's own identity hosts
 * over https (`ConnectorOAuth.hosts`, vendor facts of the connector package), a host the operator
 * added (`CONDUIT_OAUTH_HOSTS_ALLOW`), or the operator's own API root of the kind
 * (`CONDUIT_UPSTREAM_<MODULE>_BASE_URL`), which no end user can name. So the operator's client id
 * and secret never go to a host an end user chose (issue 28, finding 1). Throws `ValidationError`
 * (422 `oauth_host_not_allowed`) naming `field`.
 *
 * @example
 * ```ts
 * assertOAuthHost(module, services.config, 'https://evil.example/oauth/token', 'config.instance_url');
 * // throws: config.instance_url: evil.example is not a <display name> sign-in host …
 * ```
 */
export function assertOAuthHost(
  module: ConnectorModule,
  config: AppConfig,
  url: string,
  field: string,
): void {
  const parsed = new URL(url);
  const operatorBase = config.upstreamBaseUrls?.[module.kind];
  if (operatorBase !== undefined && new URL(operatorBase).host === parsed.host) return;
  if (listed(config.oauthHostsAllow ?? [], parsed.hostname)) return;
  const vendor = module.oauth?.hosts ?? [];
  if (parsed.protocol === 'https:' && listed(vendor, parsed.hostname)) return;
  const message = `${parsed.host} is not a ${module.displayName} sign-in host (${vendor.join(', ')} over https); the operator can allow others with CONDUIT_OAUTH_HOSTS_ALLOW`;
  throw new ValidationError(`${field}: ${message}`, {
    status: 422,
    code: OAUTH_HOST_NOT_ALLOWED,
    details: [{ field, message, error_code: OAUTH_HOST_NOT_ALLOWED }],
  });
}

/**
 * The connector's config after a code exchange (the module's `oauth.config`, e.g. a CRM's
 * `instance_url` from the token response), with the account address it names held to
 * {@link assertOAuthHost}: every later refresh sends the operator's secret there. Throws
 * `ValidationError` (`oauth_host_not_allowed`, field `instance_url`).
 *
 * @example
 * ```ts
 * const config = oauthConfigAfterExchange(module, services.config, tokens, connectorConfig);
 * ```
 */
export function oauthConfigAfterExchange(
  module: ConnectorModule,
  config: AppConfig,
  tokens: OAuthTokenSet,
  given: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const next = module.oauth?.config ? module.oauth.config(tokens, given) : { ...given };
  const instanceUrl = next.instance_url;
  if (typeof instanceUrl === 'string') {
    if (!URL.canParse(instanceUrl)) {
      const message = 'the token response named no valid account address';
      throw new ValidationError(`instance_url: ${message}`, {
        status: 422,
        code: OAUTH_HOST_NOT_ALLOWED,
        details: [{ field: 'instance_url', message, error_code: OAUTH_HOST_NOT_ALLOWED }],
      });
    }
    assertOAuthHost(module, config, instanceUrl, 'instance_url');
  }
  return next;
}
