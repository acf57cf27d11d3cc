import { defineConnectorModule } from '@conduit/connector-kit';
import { parseConnectorCredentials, upstreamBaseUrl } from '@conduit/protocol';
import { zendeskDefinition } from './definition/definition';
import { SEARCHABLE_FIELDS } from './definition/searchable-fields';
import { createZendeskExecutor, ZENDESK_RATE_LIMIT } from './local-executor';
import { zendeskSyncPlan } from './sync-plan';

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

/**
 * The support-desk connector as the server and the CLI know it: definition, credential methods
 * (seed 000: OAuth `access_token` + optional `refresh_token`; token `email` + `api_token`), the
 * API root from `config.subdomain` (or `config.base_url`), the executor, the sync plan, the
 * searchable fields and the default rate limit.
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
  name: 'zendesk',
  kind: 'support-desk',
  displayName: 'Zendesk Support',
  definition: zendeskDefinition,
  credentialMethods: [
    {
      id: 'oauth',
      displayName: 'OAuth',
      fields: [{ name: 'access_token' }, { name: 'refresh_token', optional: true }],
    },
    { id: 'api_token', displayName: 'API token', fields: [{ name: 'email' }, { name: 'api_token' }] },
  ],
  parseCredentials: (value) => parseConnectorCredentials('support-desk', value),
  defaultBaseUrl: ZENDESK_DEFAULT_BASE_URL,
  baseUrl: (config) => upstreamBaseUrl('support-desk', config),
  createExecutor: createZendeskExecutor,
  sync: zendeskSyncPlan,
  searchableFields: SEARCHABLE_FIELDS,
  rateLimit: ZENDESK_RATE_LIMIT,
  // An attachment's content_url redirects to Zendesk's storage (support-desk reference §8).
  downloadHosts: ['*.zendesk.com', '*.zdusercontent.com', '*.zdassets.com'],
});
