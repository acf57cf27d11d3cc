import { baseUrlOverride, defineConnectorKind, identifierField, secretField } from '@conduit/protocol';
import * as z from 'zod';

/** The upstream API root (reference §1). */
export const ASANA_API_URL = 'https://app.asana.com/api/1.0';

/**
 * The Asana connector's kind: `task-management`, named `asana`; credentials a personal access
 * token (`{ token }`) or an OAuth refresh token with the app's client (`{ refresh_token,
 * client_id, client_secret, access_token? }`, the access token used until it expires); config
 * only the `base_url` override. Cheap to import (zod only): the registry lists it without loading
 * the connector.
 *
 * @example
 * ```ts
 * asanaKind.parseCredentials({ token: process.env.ASANA_TOKEN });
 * asanaKind.baseUrl({}); // 'https://app.asana.com/api/1.0'
 * ```
 */
export const asanaKind = defineConnectorKind({
  type: 'task-management',
  name: 'asana',
  displayName: 'Task management',
  vendor: 'Asana',
  upstreamUrlTemplate: ASANA_API_URL,
  credentialMethods: [
    {
      id: 'personal_access_token',
      displayName: 'personal access token',
      schema: z.strictObject({ token: secretField }),
    },
    {
      id: 'oauth',
      displayName: 'OAuth refresh token',
      schema: z.strictObject({
        refresh_token: secretField,
        client_id: identifierField,
        client_secret: secretField,
        access_token: secretField.optional(),
      }),
    },
  ],
  config: z.strictObject({ base_url: baseUrlOverride }),
  upstreamUrl: () => ASANA_API_URL,
});

/**
 * Credentials of the Asana connector, as the hosted service's create body takes them.
 *
 * @example
 * ```ts
 * const credentials: AsanaCredentials = { token: 'pat' };
 * ```
 */
export type AsanaCredentials = ReturnType<typeof asanaKind.parseCredentials>;
