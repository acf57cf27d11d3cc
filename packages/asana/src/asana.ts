import {
  type ConnectorClient,
  type ConnectorOptions,
  createConnector,
  invalidOption,
  refuseUnknownOptions,
  TRANSPORT_OPTIONS,
  warnDeprecated,
} from '@conduit/connector-kit';
import type { ConnectorExecutor } from '@conduit/protocol';
import { asanaModule } from './asana-module';
import type { AsanaDefinition } from './definition/definition';
import { type AsanaLocalOptions, createLocalExecutor } from './local-executor';

/** The Asana connector: `execute` and typed methods per entity. */
export type Asana = ConnectorClient<AsanaDefinition>;

/**
 * How to construct the connector, as every connector is: local mode with the upstream credentials
 * (`{ credentials: { token } }` or `{ credentials: { refresh_token, client_id, client_secret } }`,
 * `config: { base_url }` to replace the upstream address, transport options), hosted mode with
 * the platform credentials of the hosted service (`{ hosted: { externalUserId, platformClientId,
 * platformClientSecret } }`), or any executor. `{ auth, baseUrl }` is the deprecated old shape.
 */
export type AsanaOptions = ConnectorOptions<typeof asanaModule> | AsanaLocalOptions;

/**
 * Creates the Asana connector. The typed methods are the same in both modes; `search` needs
 * hosted mode (it runs over the service's synced copy).
 *
 * @example
 * ```ts
 * // Local mode: this process calls Asana with the user's credentials.
 * const asana = createAsana({ credentials: { token: process.env.ASANA_TOKEN! } });
 * const workspaces = await asana.workspaces.list();
 * for await (const task of asana.project_tasks.list({ project_gid: '1204306707626567' })) {
 *   console.log(task.gid, task.name);
 * }
 *
 * // Hosted mode: the service holds the credentials and calls Asana.
 * const hosted = createAsana({
 *   hosted: { externalUserId: 'user-42', platformClientId: clientId, platformClientSecret: clientSecret },
 * });
 * for await (const hit of hosted.tasks.search({ query: { filter: { fuzzy: { name: 'launch' } } } })) {
 *   console.log(hit.score, hit.data.name);
 * }
 * ```
 */
export const createAsana = (options: AsanaOptions): Asana =>
  createConnector(asanaModule, options as ConnectorOptions<typeof asanaModule>, CONSTRUCTOR);

const CONSTRUCTOR = { name: 'createAsana', legacy: legacyExecutor };

/** Every option of the old local shape, held to {@link AsanaLocalOptions} by the compiler. */
const LEGACY_OPTIONS = {
  auth: true,
  baseUrl: true,
  oauthTokenUrl: true,
  ...TRANSPORT_OPTIONS,
} as const satisfies Record<keyof AsanaLocalOptions, true>;

/** The executor of the old `{ auth, baseUrl }` shape (kept one minor version), else `undefined`. */
function legacyExecutor(options: Record<string, unknown>): ConnectorExecutor | undefined {
  if (!('auth' in options || 'oauthTokenUrl' in options)) return undefined;
  warnDeprecated(
    'CONDUIT_ASANA_AUTH_OPTION',
    'createAsana({ auth, baseUrl, oauthTokenUrl }) is deprecated: pass { credentials, config: { base_url } } as every connector takes (credentials by the hosted service’s field names: token, or refresh_token, client_id, client_secret)',
  );
  refuseUnknownOptions(options, LEGACY_OPTIONS, 'createAsana', { credentials: 'auth', config: 'baseUrl' });
  if (typeof options.auth !== 'object' || options.auth === null) {
    throw invalidOption(
      'createAsana',
      'auth',
      'auth is required: { token } for a personal access token, or { refreshToken, clientId, clientSecret }',
    );
  }
  return createLocalExecutor(options as unknown as AsanaLocalOptions);
}
