import { baseUrlOverride, defineConnectorKind } from '@conduit/protocol';
import * as z from 'zod';

// Long enough for any token (JWT access tokens run to a few KiB), short enough that a credentials
// object cannot be used to store arbitrary data.
const secret = z.string().min(1).max(8192);
const identifier = z.string().min(1).max(1024);

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
      schema: z.strictObject({ token: secret }),
    },
    {
      id: 'oauth',
      displayName: 'OAuth refresh token',
      schema: z.strictObject({
        refresh_token: secret,
        client_id: identifier,
        client_secret: secret,
        access_token: secret.optional(),
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
