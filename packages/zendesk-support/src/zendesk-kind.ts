import { baseUrlOverride, defineConnectorKind, secretField } from '@conduit/protocol';
import * as z from 'zod';

// One DNS label: the account name in `<subdomain>.zendesk.com`.
const dnsLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The Zendesk Support connector's kind: `support-desk`, named `zendesk-support` (its package's name; `zendesk`, its
 * name before 0.2, stays an alias); credentials OAuth
 * (`{ access_token, refresh_token? }`) or an API token (`{ email, api_token }`, sent as basic auth
 * of `email/token`); config the account's `subdomain` (one DNS label, lower-cased) and the
 * `base_url` override. Cheap to import (zod only).
 *
 * @example
 * ```ts
 * zendeskSupportKind.baseUrl({ subdomain: 'acme' }); // 'https://acme.zendesk.com/api/v2'
 * ```
 */
export const zendeskSupportKind = defineConnectorKind({
  type: 'support-desk',
  // One name for the package, the module, the CLI word and the settings (`ZENDESK_SUPPORT_EMAIL`).
  // The former name still resolves everywhere, and its settings (`ZENDESK_EMAIL`) are still read.
  name: 'zendesk-support',
  aliases: ['zendesk'],
  displayName: 'Support desk',
  vendor: 'Zendesk Support',
  upstreamUrlTemplate: 'https://{subdomain}.zendesk.com/api/v2',
  credentialMethods: [
    {
      id: 'oauth',
      displayName: 'OAuth',
      schema: z.strictObject({ access_token: secretField, refresh_token: secretField.optional() }),
    },
    {
      id: 'api_token',
      displayName: 'API token',
      schema: z.strictObject({ email: z.email().max(320), api_token: secretField }),
    },
  ],
  config: z.strictObject({
    subdomain: z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => !value.includes('.'), {
        error: 'give only the subdomain, e.g. "acme" for acme.zendesk.com',
      })
      .refine((value) => value.includes('.') || dnsLabel.test(value), {
        error:
          'must be a DNS label: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen',
      }),
    base_url: baseUrlOverride,
  }),
  upstreamUrl: (config) => `https://${config.subdomain}.zendesk.com/api/v2`,
  fieldDescriptions: { subdomain: 'Account subdomain, e.g. "acme" for acme.zendesk.com' },
});

/**
 * Credentials of the Zendesk Support connector, as the hosted service's create body takes them.
 *
 * @example
 * ```ts
 * const credentials: ZendeskSupportCredentials = { email: 'agent@example.com', api_token: 't' };
 * ```
 */
export type ZendeskSupportCredentials = ReturnType<typeof zendeskSupportKind.parseCredentials>;
