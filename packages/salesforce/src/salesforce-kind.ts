import {
  baseUrlOverride,
  defineConnectorKind,
  identifierField,
  secretField,
  upstreamUrlSchema,
} from '@conduit/protocol';
import * as z from 'zod';

/** Where an org signs in when no instance URL is configured: the generic login host. */
export const DEFAULT_INSTANCE_URL = 'https://login.salesforce.com';

/**
 * The Salesforce connector's kind: `crm`, named `salesforce`; credentials OAuth only (`{
 * refresh_token, client_id, client_secret }`, the consumer key and secret of the connected app,
 * plus the `access_token` stored after a refresh); config the org's `instance_url` (https; default
 * the generic login host) and the `base_url` override. Cheap to import (zod only).
 *
 * @example
 * ```ts
 * salesforceKind.parseConfig({}).instance_url; // 'https://login.salesforce.com'
 * ```
 */
export const salesforceKind = defineConnectorKind({
  type: 'crm',
  name: 'salesforce',
  displayName: 'CRM',
  vendor: 'Salesforce',
  label: 'CRM',
  upstreamUrlTemplate: '{instance_url}',
  credentialMethods: [
    {
      id: 'oauth',
      displayName: 'OAuth',
      schema: z.strictObject({
        refresh_token: secretField,
        client_id: identifierField,
        client_secret: secretField,
        access_token: secretField.optional(),
      }),
    },
  ],
  unavailableMethods: [{ id: 'api_token', reason: 'the CRM offers no token method for this connector' }],
  config: z.strictObject({
    instance_url: upstreamUrlSchema(['https']).default(DEFAULT_INSTANCE_URL),
    base_url: baseUrlOverride,
  }),
  upstreamUrl: (config) => config.instance_url,
  fieldDescriptions: {
    instance_url:
      'Where the CRM account signs in (https): https://login.salesforce.com (the default), https://test.salesforce.com for a sandbox, or the org’s My Domain',
  },
});

/**
 * Credentials of the Salesforce connector, as the hosted service's create body takes them.
 *
 * @example
 * ```ts
 * const credentials: SalesforceCredentials = { refresh_token: 'r', client_id: 'key', client_secret: 's' };
 * ```
 */
export type SalesforceCredentials = ReturnType<typeof salesforceKind.parseCredentials>;
