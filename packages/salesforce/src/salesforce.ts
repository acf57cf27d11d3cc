import {
  type ConnectorClient,
  type ConnectorOptions,
  createConnector,
  refuseUnknownOptions,
  TRANSPORT_OPTIONS,
  warnDeprecated,
} from '@conduit/connector-kit';
import type { ConnectorExecutor } from '@conduit/protocol';
import type { SalesforceDefinition } from './definition/definition';
import { createSalesforceExecutor, type SalesforceLocalOptions } from './local-executor';
import { salesforceModule } from './salesforce-module';

/** The Salesforce connector: `execute` and typed methods per entity. */
export type Salesforce = ConnectorClient<SalesforceDefinition>;

/**
 * How to run the connector, as every connector is: locally with the credentials and
 * `config: { instance_url }` (or `{ base_url }`), through the hosted service (`{ hosted }`), or over
 * any executor. `{ instanceUrl }` is the deprecated old shape.
 *
 * @example
 * ```ts
 * const options: SalesforceOptions = { credentials: { refresh_token, client_id, client_secret }, config: { instance_url } };
 * ```
 */
export type SalesforceOptions = ConnectorOptions<typeof salesforceModule> | SalesforceLocalOptions;

/**
 * Creates the CRM connector (Salesforce) in local or hosted mode.
 *
 * @example
 * ```ts
 * const salesforce = createSalesforce({
 *   credentials: { refresh_token, client_id, client_secret },
 *   config: { instance_url: 'https://acme.my.salesforce.com' },
 * });
 * const page = await salesforce.contacts.list({ email: 'ada@example.com' });
 * for await (const account of salesforce.accounts.list()) console.log(account.Name);
 * ```
 */
export const createSalesforce = (options: SalesforceOptions): Salesforce =>
  createConnector(salesforceModule, options as ConnectorOptions<typeof salesforceModule>, CONSTRUCTOR);

const CONSTRUCTOR = { name: 'createSalesforce', legacy: legacyExecutor };

/** Every option of the old local shape, held to {@link SalesforceLocalOptions} by the compiler. */
const LEGACY_OPTIONS = {
  credentials: true,
  instanceUrl: true,
  apiVersion: true,
  saveCredentials: true,
  coordinateRefresh: true,
  onApiUsage: true,
  onLimitWarning: true,
  limitWarningAt: true,
  ...TRANSPORT_OPTIONS,
} as const satisfies Record<keyof SalesforceLocalOptions, true>;

/** The executor of the old `{ instanceUrl }` shape (kept one minor version), else `undefined`. */
function legacyExecutor(options: Record<string, unknown>): ConnectorExecutor | undefined {
  if (!('instanceUrl' in options)) return undefined;
  warnDeprecated(
    'CONDUIT_SALESFORCE_INSTANCE_URL_OPTION',
    'createSalesforce({ instanceUrl }) is deprecated: pass config: { instance_url } (or { base_url }), as every connector takes its configuration variables',
  );
  refuseUnknownOptions(options, LEGACY_OPTIONS, 'createSalesforce', {
    baseUrl: 'instanceUrl',
    config: 'instanceUrl',
    auth: 'credentials',
  });
  return createSalesforceExecutor(options as unknown as SalesforceLocalOptions);
}
