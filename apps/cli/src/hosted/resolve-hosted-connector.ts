import { resolveConnectorType } from '@conduit/connectors';
import type { HostedClient } from '@conduit/hosted';
import type { Connector } from '@conduit/protocol';
import { type ConnectorEntry, findConnector } from '../connectors/connector-catalog';
import { CliError } from '../framework/cli-error';
import { EXIT_CODES } from '../framework/exit-codes';
import { UsageError } from '../framework/usage-error';

/**
 * The connector a command line names: by its id, or by a connector type (`task-management`, or an
 * alias such as `example`) when the user has exactly one connector of that type. None is "not
 * found" (exit 4) with the command that creates one; several is a usage error listing their ids.
 * Names are those of `catalog` (the runtime's connectors), default the built-in ones.
 *
 * @example
 * ```ts
 * const connector = await resolveHostedConnector(client, 'example', signal);
 * connector.id; // '3e7a03f2-…'
 * ```
 */
export async function resolveHostedConnector(
  client: HostedClient,
  reference: string,
  signal: AbortSignal,
  catalog?: readonly ConnectorEntry[],
): Promise<Connector> {
  // A catalog entry's first alias is its kind (`catalogOf`).
  const type =
    catalog === undefined ? resolveConnectorType(reference) : findConnector(reference, catalog)?.aliases[0];
  if (type === undefined) return client.getConnector(reference, { signal });
  const connectors = await client.listConnectors({ connectorType: type }, { signal });
  if (connectors.length === 1) return connectors[0]!;
  if (connectors.length === 0) {
    throw new CliError(`user ${client.externalUserId} has no ${type} connector`, {
      code: 'no_connector',
      exitCode: EXIT_CODES.notFound,
      hint: `create one with: conduit connectors create ${type} --credentials-file FILE`,
    });
  }
  throw new UsageError(
    `user ${client.externalUserId} has ${connectors.length} ${type} connectors; name one by its id`,
    {
      code: 'ambiguous_connector',
      details: connectors.map((connector) => ({
        field: connector.id,
        message: connector.name,
        error_code: 'ambiguous_connector',
      })),
    },
  );
}
