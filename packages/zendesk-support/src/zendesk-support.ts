import { type ConnectorClient, type ConnectorOptions, createConnector } from '@conduit/connector-kit';
import type { ZendeskDefinition } from './definition/definition';
import { zendeskSupportModule } from './zendesk-module';

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
 * Local mode (credentials, `config: { subdomain }` or `{ base_url }`, transport options), hosted
 * mode (`{ hosted: {...} }`), or any executor: the option shape every connector takes.
 *
 * @example
 * ```ts
 * const options: ZendeskSupportOptions = { credentials: { access_token: 'oat_…' }, config: { subdomain: 'acme' } };
 * ```
 */
export type ZendeskSupportOptions = ConnectorOptions<typeof zendeskSupportModule>;

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
export const createZendeskSupport = (options: ZendeskSupportOptions): ZendeskSupport =>
  createConnector(zendeskSupportModule, options, { name: 'createZendeskSupport' });
