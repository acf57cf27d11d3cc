import {
  type ConnectorClient,
  createConnectorClient,
  refuseUnknownOptions,
  TRANSPORT_OPTIONS,
} from '@conduit/connector-kit';
import type { ConnectorExecutor } from '@conduit/protocol';
import { type SalesforceDefinition, salesforceDefinition } from './definition/definition';
import { createSalesforceHostedExecutor, type SalesforceHostedOptions } from './hosted-executor';
import { createSalesforceExecutor, type SalesforceLocalOptions } from './local-executor';

/** The Salesforce connector: `execute` and typed methods per entity. */
export type Salesforce = ConnectorClient<SalesforceDefinition>;

/**
 * How to run the connector: locally with credentials, through the hosted service, or over any
 * executor.
 *
 * @example
 * ```ts
 * const options: SalesforceOptions = { credentials: { refresh_token, client_id, client_secret } };
 * ```
 */
export type SalesforceOptions =
  | SalesforceLocalOptions
  | { hosted: SalesforceHostedOptions }
  | { executor: ConnectorExecutor };

/**
 * Creates the CRM connector (Salesforce) in local or hosted mode.
 *
 * @example
 * ```ts
 * const salesforce = createSalesforce({ credentials: { refresh_token, client_id, client_secret }, instanceUrl: 'https://acme.my.salesforce.com' });
 * const page = await salesforce.contacts.list({ email: 'ada@example.com' });
 * for await (const account of salesforce.accounts.list()) console.log(account.Name);
 * ```
 */
export function createSalesforce(options: SalesforceOptions): Salesforce {
  if ('executor' in options) return createConnectorClient(salesforceDefinition, options.executor);
  if ('hosted' in options)
    return createConnectorClient(salesforceDefinition, createSalesforceHostedExecutor(options.hosted));
  refuseUnknownOptions(options, LOCAL_OPTIONS, 'createSalesforce', {
    baseUrl: 'instanceUrl',
    config: 'instanceUrl',
    auth: 'credentials',
  });
  return createConnectorClient(salesforceDefinition, createSalesforceExecutor(options));
}

/** Every option of local mode, held to {@link SalesforceLocalOptions} by the compiler. */
const LOCAL_OPTIONS = {
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
