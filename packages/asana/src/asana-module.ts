import { authFromCredentials, defineConnectorModule } from '@conduit/connector-kit';
import { ASANA_ERROR_CLASSES } from './asana-errors';
import { ASANA_API_URL, asanaKind } from './asana-kind';
import { asanaDefinition } from './definition/definition';
import { SEARCHABLE_FIELDS } from './definition/searchable-fields';
import { ASANA_DOWNLOAD_HOSTS } from './download-hosts';
import { ASANA_RATE_LIMIT, asanaTokenUrl, createAsanaExecutor } from './local-executor';
import { asanaSyncPlan } from './sync-plan';

/** The OAuth scopes the connector asks for: read access to what it lists, gets and downloads. */
const ASANA_OAUTH_SCOPES = [
  'workspaces:read',
  'users:read',
  'teams:read',
  'projects:read',
  'tasks:read',
  'tags:read',
  'attachments:read',
] as const;

/**
 * The Asana connector as the server and the CLI know it: its definition, credentials (a personal
 * access token, or an OAuth refresh token with the app's client id and secret), API root, executor,
 * sync plan, searchable fields and rate limits. Shells register it in their connector registry.
 *
 * @example
 * ```ts
 * const registry = createConnectorRegistry([asanaModule]);
 * const executor = asanaModule.createExecutor({ credentials: asanaModule.parseCredentials({ token }) });
 * ```
 */
export const asanaModule = defineConnectorModule({
  connectorKind: asanaKind,
  displayName: 'Asana',
  // The Airbyte agent SDK's connector definition id (its connector model's `id`).
  definitionIds: ['d0243522-dccf-4978-8ba0-37ed47a0bdbf'],
  definition: asanaDefinition,
  // Asana's consent page and token endpoint sit on the API root's origin (reference §5); the
  // scopes cover what the read-only connector lists, gets and downloads.
  oauth: {
    hosts: ['app.asana.com'],
    authorizeUrl: ({ baseUrl }) => new URL('/-/oauth_authorize', baseUrl).href,
    tokenUrl: ({ baseUrl }) => asanaTokenUrl(baseUrl),
    scopes: ASANA_OAUTH_SCOPES,
    credentials: (tokens, client) => ({
      refresh_token: tokens.refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      access_token: tokens.accessToken,
    }),
  },
  defaultBaseUrl: ASANA_API_URL,
  createExecutor(options) {
    const baseUrl = options.baseUrl ?? ASANA_API_URL;
    const save = options.saveCredentials;
    const auth = authFromCredentials(options.credentials, {
      tokenUrl: asanaTokenUrl(baseUrl),
      ...(save === undefined
        ? {}
        : {
            onCredentials: (credentials) =>
              save({
                refresh_token: credentials.refresh_token as string,
                client_id: credentials.client_id as string,
                client_secret: credentials.client_secret as string,
                access_token: credentials.access_token,
              }),
          }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.coordinateRefresh === undefined ? {} : { coordinateRefresh: options.coordinateRefresh }),
    });
    return createAsanaExecutor(auth, baseUrl, options);
  },
  sync: asanaSyncPlan,
  searchableFields: SEARCHABLE_FIELDS,
  rateLimit: ASANA_RATE_LIMIT,
  downloadHosts: ASANA_DOWNLOAD_HOSTS,
  errorClasses: ASANA_ERROR_CLASSES,
});
