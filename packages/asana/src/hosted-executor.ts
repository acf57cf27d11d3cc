import { createHostedExecutor, HostedClient, type HostedClientOptions } from '@conduit/hosted';
import { type ConnectorExecutor, type ErrorClasses, reviveErrorClass } from '@conduit/protocol';
import { PremiumRequiredError } from './asana-errors';
import { asanaDefinition } from './definition/definition';

/**
 * Options of hosted mode: the client-library interface of seed 000 (`externalUserId`,
 * `platformClientId`, `platformClientSecret`, optionally `baseUrl`), or a `HostedClient` to share,
 * and the connector to act on (without one, the user's only task-management connector).
 */
export type AsanaHostedOptions = (HostedClientOptions | { client: HostedClient }) & {
  /** The connector id; default: looked up once, the user's only task-management connector. */
  connectorId?: string;
};

/** The same error classes as local mode: the service reports the upstream's 402 by its code. */
export const ASANA_ERROR_CLASSES: ErrorClasses = { premium_required: PremiumRequiredError };

/**
 * The executor of hosted mode: every request goes through the hosted service (validated against
 * the Asana definition first, exactly as local mode does), so `search` works over the service's
 * synced copy and `download` streams from the service.
 *
 * @example
 * ```ts
 * const executor = createAsanaHostedExecutor({ externalUserId: 'user-1', platformClientId: id, platformClientSecret: secret });
 * const asana = createConnectorClient(asanaDefinition, executor);
 * ```
 */
export function createAsanaHostedExecutor(options: AsanaHostedOptions): ConnectorExecutor & {
  /** The hosted client the requests go through. */
  readonly client: HostedClient;
} {
  const { connectorId, ...rest } = options;
  const client = 'client' in rest ? rest.client : new HostedClient(rest);
  const executor = createHostedExecutor({
    client,
    definition: asanaDefinition,
    ...(connectorId === undefined ? {} : { connectorId }),
  });
  return {
    mode: 'hosted',
    client,
    execute: (request, executeOptions) =>
      executor.execute(request, executeOptions).catch((error: unknown) => {
        throw reviveErrorClass(error, ASANA_ERROR_CLASSES);
      }),
  };
}
