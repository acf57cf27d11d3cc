import { defineConnectorModule } from '@conduit/connector-kit';
import { salesforceDefinition } from './definition/definition';
import { SEARCHABLE_FIELDS } from './definition/searchable-fields';
import {
  createSalesforceExecutor,
  SALESFORCE_RATE_LIMIT,
  type SalesforceLocalOptions,
} from './local-executor';
import { parseSalesforceCredentials } from './salesforce-credentials';
import { DEFAULT_INSTANCE_URL, type SalesforceCredentials, salesforceKind } from './salesforce-kind';
import { salesforceSyncPlan } from './sync-plan';

/** `api` for the REST API, `refresh_token` so the code exchange returns one (reference §3). */
const SALESFORCE_OAUTH_SCOPES = ['api', 'refresh_token'] as const;

/**
 * The CRM connector as the server and the CLI know it: kind `crm`, OAuth refresh-token
 * credentials only, config `instance_url` (the token host; default the generic login URL).
 *
 * @example
 * ```ts
 * const registry = createConnectorRegistry([asanaModule, salesforceModule]);
 * ```
 */
export const salesforceModule = defineConnectorModule<
  typeof salesforceDefinition,
  'crm',
  SalesforceCredentials,
  ReturnType<typeof salesforceKind.parseConfig>,
  Pick<SalesforceLocalOptions, 'apiVersion' | 'onApiUsage' | 'onLimitWarning' | 'limitWarningAt'>
>({
  connectorKind: salesforceKind,
  displayName: 'Salesforce',
  // The Airbyte agent SDK's connector definition id (its connector model's `id`).
  definitionIds: ['b117307c-14b6-41aa-9422-947e34922962'],
  definition: salesforceDefinition,
  // The web-server flow runs on the configured login host (login.salesforce.com, test.salesforce.com
  // for sandboxes, or a My Domain; reference §3.1). The token response's instance_url is the
  // org's own host, which also serves the token endpoint, so it becomes the connector's
  // instance_url (validated by the shell like any config); a `base_url` override replaces every
  // upstream address and leaves it out.
  oauth: {
    // The login hosts and every org's My Domain (sandboxes' `*.sandbox.my.salesforce.com`
    // included), crm reference §3.1: the only hosts that serve the token endpoint.
    hosts: ['login.salesforce.com', 'test.salesforce.com', '*.my.salesforce.com'],
    authorizeUrl: ({ baseUrl }) => `${new URL(baseUrl).origin}/services/oauth2/authorize`,
    tokenUrl: ({ baseUrl }) => `${new URL(baseUrl).origin}/services/oauth2/token`,
    scopes: SALESFORCE_OAUTH_SCOPES,
    credentials: (tokens, client) => ({
      refresh_token: tokens.refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      access_token: tokens.accessToken,
    }),
    config: (tokens, config) => {
      const instanceUrl = tokens.extra?.instance_url;
      if (config.base_url !== undefined || typeof instanceUrl !== 'string') return { ...config };
      return { ...config, instance_url: instanceUrl };
    },
  },
  parseCredentials: (value) => parseSalesforceCredentials(value),
  defaultBaseUrl: DEFAULT_INSTANCE_URL,
  localOptions: { apiVersion: true, onApiUsage: true, onLimitWarning: true, limitWarningAt: true },
  createExecutor: (options) =>
    createSalesforceExecutor({
      credentials: options.credentials,
      ...(options.apiVersion === undefined ? {} : { apiVersion: options.apiVersion }),
      ...(options.onApiUsage === undefined ? {} : { onApiUsage: options.onApiUsage }),
      ...(options.onLimitWarning === undefined ? {} : { onLimitWarning: options.onLimitWarning }),
      ...(options.limitWarningAt === undefined ? {} : { limitWarningAt: options.limitWarningAt }),
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
