import { createHostedExecutor, HostedClient, type HostedClientOptions } from '@conduit/hosted';
import {
  type ConnectorDefinition,
  type ConnectorExecutor,
  type ErrorClasses,
  reviveErrorClass,
} from '@conduit/protocol';

/**
 * Options of hosted mode, the same for every connector: the client-library interface of seed 000
 * (`externalUserId`, `platformClientId`, `platformClientSecret`, optionally `baseUrl`), or a
 * `HostedClient` to share, and the connector to act on (without one, the user's only connector of
 * the kind, looked up once).
 *
 * @example
 * ```ts
 * const hosted: HostedModeOptions = { externalUserId: 'user-42', platformClientId: id, platformClientSecret: secret };
 * ```
 */
export type HostedModeOptions = (HostedClientOptions | { client: HostedClient }) & {
  /** The connector id; default: looked up once, the user's only connector of the kind. */
  connectorId?: string;
};

/**
 * The executor of hosted mode: every request is validated against the definition (exactly as local
 * mode does), then run by the hosted service, so `search` works over its synced copy and
 * `download` streams from it. Errors the service reports by a connector's own code come back as
 * that connector's classes, as in local mode.
 *
 * @example
 * ```ts
 * const executor = hostedModeExecutor(asanaModule, { externalUserId: 'user-1', platformClientId: id, platformClientSecret: secret });
 * ```
 */
export function hostedModeExecutor(
  module: { readonly definition: ConnectorDefinition; readonly errorClasses?: ErrorClasses },
  options: HostedModeOptions,
): ConnectorExecutor & { readonly client: HostedClient } {
  const { connectorId, ...rest } = options;
  const client = 'client' in rest ? rest.client : new HostedClient(rest);
  const executor = createHostedExecutor({
    client,
    definition: module.definition,
    ...(connectorId === undefined ? {} : { connectorId }),
  });
  const classes = module.errorClasses;
  return {
    mode: 'hosted',
    client,
    execute: (request, executeOptions) =>
      classes === undefined
        ? executor.execute(request, executeOptions)
        : executor.execute(request, executeOptions).catch((error: unknown) => {
            throw reviveErrorClass(error, classes);
          }),
  };
}
