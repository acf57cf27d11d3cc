import {
  type ConnectorClient,
  createConnectorClient,
  invalidOption,
  refuseUnknownOptions,
  TRANSPORT_OPTIONS,
} from '@conduit/connector-kit';
import type { ConnectorExecutor } from '@conduit/protocol';
import { type AsanaDefinition, asanaDefinition } from './definition/definition';
import { type AsanaHostedOptions, createAsanaHostedExecutor } from './hosted-executor';
import { type AsanaLocalOptions, createLocalExecutor } from './local-executor';

/** The Asana connector: `execute` and typed methods per entity. */
export type Asana = ConnectorClient<AsanaDefinition>;

/**
 * How to construct the connector: local mode with upstream credentials, hosted mode with the
 * platform credentials of the hosted service (`{ hosted: { externalUserId, platformClientId,
 * platformClientSecret } }`), or any executor (a test double, a custom one).
 */
export type AsanaOptions =
  | AsanaLocalOptions
  | { hosted: AsanaHostedOptions }
  | { executor: ConnectorExecutor };

/**
 * Creates the Asana connector. The typed methods are the same in both modes; `search` needs
 * hosted mode (it runs over the service's synced copy).
 *
 * @example
 * ```ts
 * // Local mode: this process calls Asana with the user's credentials.
 * const asana = createAsana({ auth: { token: process.env.ASANA_TOKEN! } });
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
export function createAsana(options: AsanaOptions): Asana {
  if ('executor' in options) return createConnectorClient(asanaDefinition, options.executor);
  if ('hosted' in options)
    return createConnectorClient(asanaDefinition, createAsanaHostedExecutor(options.hosted));
  refuseUnknownOptions(options, LOCAL_OPTIONS, 'createAsana', { credentials: 'auth', config: 'baseUrl' });
  if (typeof options.auth !== 'object' || options.auth === null) {
    throw invalidOption(
      'createAsana',
      'auth',
      'auth is required: { token } for a personal access token, or { refreshToken, clientId, clientSecret }',
    );
  }
  return createConnectorClient(asanaDefinition, createLocalExecutor(options));
}

/** Every option of local mode, held to {@link AsanaLocalOptions} by the compiler. */
const LOCAL_OPTIONS = {
  auth: true,
  baseUrl: true,
  oauthTokenUrl: true,
  ...TRANSPORT_OPTIONS,
} as const satisfies Record<keyof AsanaLocalOptions, true>;
