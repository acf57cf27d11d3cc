import { createHostedExecutor, HostedClient, type HostedClientOptions } from '@conduit/hosted';
import type { ConnectorExecutor } from '@conduit/protocol';
import { salesforceDefinition } from './definition/definition';

/**
 * Options of hosted mode: the hosted client (or its options) and, optionally, the connector id.
 *
 * @example
 * ```ts
 * const options: SalesforceHostedOptions = { baseUrl, externalUserId: 'user-1', platformClientId, platformClientSecret };
 * ```
 */
export type SalesforceHostedOptions = (HostedClientOptions | { client: HostedClient }) & {
  /** The connector id; default: looked up once, the user's only CRM connector. */
  connectorId?: string;
};

/**
 * Runs the CRM connector through the hosted service: params are validated against the same
 * definition before the call, `search` runs over the service's synced copy.
 *
 * @example
 * ```ts
 * const executor = createSalesforceHostedExecutor({ baseUrl, externalUserId, platformClientId, platformClientSecret });
 * ```
 */
export function createSalesforceHostedExecutor(options: SalesforceHostedOptions): ConnectorExecutor & {
  readonly client: HostedClient;
} {
  const { connectorId, ...rest } = options;
  const client = 'client' in rest ? rest.client : new HostedClient(rest);
  const executor = createHostedExecutor({
    client,
    definition: salesforceDefinition,
    ...(connectorId === undefined ? {} : { connectorId }),
  });
  return {
    mode: 'hosted',
    client,
    execute: (request, executeOptions) => executor.execute(request, executeOptions),
  };
}
