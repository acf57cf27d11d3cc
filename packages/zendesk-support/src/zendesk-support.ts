import {
  type ConnectorClient,
  createConnectorClient,
  invalidOption,
  type ModuleExecutorOptions,
  refuseUnknownOptions,
  TRANSPORT_OPTIONS,
} from '@conduit/connector-kit';
import {
  type ConnectorExecutor,
  parseConnectorCredentials,
  type SupportDeskCredentials,
  upstreamBaseUrl,
} from '@conduit/protocol';
import { type ZendeskDefinition, zendeskDefinition } from './definition/definition';
import { createZendeskHostedExecutor, type ZendeskHostedOptions } from './hosted-executor';
import { createZendeskExecutor } from './local-executor';

/**
 * The typed support-desk client: one property per entity, one method per action.
 *
 * @example
 * ```ts
 * const ticket = await zendesk.tickets.get({ ticket_id: 12 });
 * ```
 */
export type ZendeskSupport = ConnectorClient<ZendeskDefinition>;

/**
 * Local mode (credentials and `config: { subdomain }` or `{ base_url }`), hosted mode, or any executor.
 *
 * @example
 * ```ts
 * const options: ZendeskSupportOptions = { credentials: { access_token: 'oat_…' }, config: { subdomain: 'acme' } };
 * ```
 */
export type ZendeskSupportOptions =
  | (Omit<ModuleExecutorOptions<SupportDeskCredentials>, 'baseUrl' | 'credentials'> & {
      credentials: SupportDeskCredentials;
      config: { subdomain: string; base_url?: string } | { base_url: string; subdomain?: string };
    })
  | { hosted: ZendeskHostedOptions }
  | { executor: ConnectorExecutor };

/**
 * Creates the support-desk connector (Zendesk Support). Credentials and config are checked first:
 * a bad one throws a `ValidationError` naming the field.
 *
 * @example
 * ```ts
 * const zendesk = createZendeskSupport({
 *   credentials: { email: 'agent@acme.example', api_token: process.env.ZENDESK_API_TOKEN! },
 *   config: { subdomain: 'acme' },
 * });
 * for await (const ticket of zendesk.tickets.list()) console.log(ticket.subject);
 * ```
 */
export function createZendeskSupport(options: ZendeskSupportOptions): ZendeskSupport {
  if ('executor' in options) return createConnectorClient(zendeskDefinition, options.executor);
  if ('hosted' in options)
    return createConnectorClient(zendeskDefinition, createZendeskHostedExecutor(options.hosted));
  refuseUnknownOptions(options, LOCAL_OPTIONS, 'createZendeskSupport', {
    baseUrl: 'config.base_url',
    subdomain: 'config.subdomain',
    instanceUrl: 'config.base_url',
    auth: 'credentials',
  });
  const { config, credentials, ...rest } = options;
  if (typeof config !== 'object' || config === null) {
    throw invalidOption(
      'createZendeskSupport',
      'config',
      "config is required: { subdomain: 'acme' } for acme.zendesk.com, or { base_url } for another address",
    );
  }
  // Without a subdomain the config schema would refuse an override-only config; any subdomain
  // satisfies it, since base_url replaces the address built from it. Only then: a config with
  // neither must fail on its missing subdomain, not call a made-up account.
  const baseUrl = upstreamBaseUrl(
    'support-desk',
    config.subdomain === undefined && config.base_url !== undefined
      ? { subdomain: 'override', ...config }
      : config,
  );
  return createConnectorClient(
    zendeskDefinition,
    createZendeskExecutor({
      ...rest,
      credentials: parseConnectorCredentials('support-desk', credentials),
      baseUrl,
    }),
  );
}

/** Every option of local mode, held to {@link ZendeskSupportOptions}' local branch by the compiler. */
const LOCAL_OPTIONS = {
  credentials: true,
  config: true,
  saveCredentials: true,
  coordinateRefresh: true,
  ...TRANSPORT_OPTIONS,
} as const satisfies Record<keyof Extract<ZendeskSupportOptions, { config: unknown }>, true>;
