import { createHostedExecutor, HostedClient, type HostedClientOptions } from '@conduit/hosted';
import type { ConnectorExecutor } from '@conduit/protocol';
import { zendeskDefinition } from './definition/definition';

/**
 * How to reach a support-desk connector through the hosted service.
 *
 * @example
 * ```ts
 * const options: ZendeskHostedOptions = { externalUserId: 'u1', platformClientId: 'id', platformClientSecret: 's' };
 * ```
 */
export type ZendeskHostedOptions = (HostedClientOptions | { client: HostedClient }) & {
  connectorId?: string;
};

/**
 * The hosted executor of the support-desk connector: params are validated here against the same
 * definition, then executed by the service (which also serves `search` over its synced copy).
 *
 * @example
 * ```ts
 * const executor = createZendeskHostedExecutor({ baseUrl: 'http://127.0.0.1:8787', externalUserId: 'u1', platformClientId: 'id', platformClientSecret: 's' });
 * ```
 */
export function createZendeskHostedExecutor(
  options: ZendeskHostedOptions,
): ConnectorExecutor & { readonly client: HostedClient } {
  const { connectorId, ...rest } = options;
  const client = 'client' in rest ? rest.client : new HostedClient(rest);
  const executor = createHostedExecutor({
    client,
    definition: zendeskDefinition,
    ...(connectorId === undefined ? {} : { connectorId }),
  });
  return {
    mode: 'hosted',
    client,
    execute: (request, executeOptions) => executor.execute(request, executeOptions),
  };
}
