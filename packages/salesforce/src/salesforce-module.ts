import { defineConnectorModule } from '@conduit/connector-kit';
import { DEFAULT_CRM_INSTANCE_URL, upstreamBaseUrl } from '@conduit/protocol';
import { salesforceDefinition } from './definition/definition';
import { SEARCHABLE_FIELDS } from './definition/searchable-fields';
import { createSalesforceExecutor, SALESFORCE_RATE_LIMIT } from './local-executor';
import { parseSalesforceCredentials } from './salesforce-credentials';
import { salesforceSyncPlan } from './sync-plan';

/**
 * The CRM connector as the server and the CLI know it: kind `crm`, OAuth refresh-token
 * credentials only, config `instance_url` (the token host; default the generic login URL).
 *
 * @example
 * ```ts
 * const registry = createConnectorRegistry([asanaModule, salesforceModule]);
 * ```
 */
export const salesforceModule = defineConnectorModule({
  name: 'salesforce',
  kind: 'crm',
  displayName: 'Salesforce',
  definition: salesforceDefinition,
  credentialMethods: [
    {
      id: 'oauth',
      displayName: 'OAuth',
      fields: [{ name: 'refresh_token' }, { name: 'client_id' }, { name: 'client_secret' }],
    },
  ],
  parseCredentials: (value) => parseSalesforceCredentials(value),
  defaultBaseUrl: DEFAULT_CRM_INSTANCE_URL,
  baseUrl: (config) => upstreamBaseUrl('crm', config),
  createExecutor: (options) =>
    createSalesforceExecutor({
      credentials: options.credentials,
      ...(options.baseUrl === undefined ? {} : { instanceUrl: options.baseUrl }),
      ...(options.saveCredentials === undefined
        ? {}
        : {
            // The stored JSON keeps the new access_token next to the (maybe rotated) refresh token.
            saveCredentials: (credentials) =>
              options.saveCredentials?.(parseSalesforceCredentials(credentials)),
          }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.coordinateRefresh === undefined ? {} : { coordinateRefresh: options.coordinateRefresh }),
      ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
      ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    }),
  sync: salesforceSyncPlan,
  searchableFields: SEARCHABLE_FIELDS,
  rateLimit: SALESFORCE_RATE_LIMIT,
});
