import { defineConnectorModule } from '@conduit/connector-kit';
import { zendeskDefinition } from './definition/definition';
import { SEARCHABLE_FIELDS } from './definition/searchable-fields';
import { createZendeskExecutor, ZENDESK_RATE_LIMIT } from './local-executor';
import { zendeskSyncPlan } from './sync-plan';
import { zendeskSupportKind } from './zendesk-kind';

/**
 * The API root without a configured subdomain: seed 000 gives the subdomain a placeholder
 * default, so a connector left at it fails on DNS instead of reaching somebody's account.
 *
 * @example
 * ```ts
 * zendeskSupportModule.baseUrl({ subdomain: 'acme' }); // 'https://acme.zendesk.com/api/v2'
 * ```
 */
export const ZENDESK_DEFAULT_BASE_URL = 'https://your-subdomain.zendesk.com/api/v2';

/** Zendesk's read scope covers every GET the read-only connector sends (reference §3.1). */
const ZENDESK_OAUTH_SCOPES = ['read'] as const;

/**
 * The support-desk connector as the server and the CLI know it: definition, credential methods
 * (seed 000: OAuth `access_token` + optional `refresh_token`; token `email` + `api_token`), the
 * API root from `config.subdomain` (or `config.base_url`), the executor, the sync plan, the
 * searchable fields, the default rate limit and the OAuth flow of the connect page.
 *
 * @example
 * ```ts
 * const executor = zendeskSupportModule.createExecutor({
 *   credentials: zendeskSupportModule.parseCredentials({ email: 'a@acme.example', api_token: 't' }),
 *   baseUrl: zendeskSupportModule.baseUrl({ subdomain: 'acme' }),
 * });
 * ```
 */
export const zendeskSupportModule = defineConnectorModule({
  connectorKind: zendeskSupportKind,
  displayName: 'Zendesk Support',
  // The Airbyte agent SDK's connector definition id (its connector model's `id`).
  definitionIds: ['79c1aa37-dae3-42ae-b333-d1c105477715'],
  definition: zendeskDefinition,
  // Consent and token endpoints sit on the account's own host (reference §3.1), so the subdomain
  // is asked for first; the token endpoint takes only JSON. Read-only scope: the connector lists,
  // gets and downloads. The stored credentials have no client: Zendesk's refresh needs the
  // client's secret, so the access token is kept as the long-lived one (reference §3.2).
  oauth: {
    // Every account's own host, `{subdomain}.zendesk.com` (support-desk reference §3.1).
    hosts: ['*.zendesk.com'],
    authorizeUrl: ({ baseUrl }) => new URL('/oauth/authorizations/new', baseUrl).href,
    tokenUrl: ({ baseUrl }) => new URL('/oauth/tokens', baseUrl).href,
    bodyEncoding: 'json',
    scopes: ZENDESK_OAUTH_SCOPES,
    credentials: (tokens) => ({
      access_token: tokens.accessToken,
      ...(tokens.refreshToken === undefined ? {} : { refresh_token: tokens.refreshToken }),
    }),
  },
  defaultBaseUrl: ZENDESK_DEFAULT_BASE_URL,
  // With `base_url` alone the schema would refuse the missing subdomain; any subdomain satisfies
  // it, since base_url replaces the address built from it. Only then: a config with neither must
  // fail on its missing subdomain, not call a made-up account.
  baseUrl: (config) =>
    zendeskSupportKind.baseUrl(
      config?.subdomain === undefined && config?.base_url !== undefined
        ? { subdomain: 'override', ...config }
        : config,
    ),
  createExecutor: createZendeskExecutor,
  sync: zendeskSyncPlan,
  searchableFields: SEARCHABLE_FIELDS,
  rateLimit: ZENDESK_RATE_LIMIT,
  // An attachment's content_url redirects to Zendesk's storage (support-desk reference §8).
  downloadHosts: ['*.zendesk.com', '*.zdusercontent.com', '*.zdassets.com'],
});
