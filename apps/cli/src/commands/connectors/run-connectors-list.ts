import { requireConnectorType } from '@conduit/connectors';
import { ConduitError } from '@conduit/protocol';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { printConnectors } from '../../hosted/connector-view';
import { openHostedClient } from '../../hosted/open-hosted-client';

/** Runs `conduit connectors list [--type TYPE]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const typeFlag = context.flags.string('type');
  let connectorType: string | undefined;
  if (typeFlag !== undefined) {
    try {
      connectorType = requireConnectorType(typeFlag);
    } catch (error) {
      if (!ConduitError.isInstance(error)) throw error;
      throw new UsageError(`--type: ${error.message}`, { code: 'unknown_connector_type' });
    }
  }
  const { client } = await openHostedClient(context);
  const connectors = await client.listConnectors(connectorType === undefined ? {} : { connectorType }, {
    signal: context.signal,
  });
  await printConnectors(connectors, context.output);
  return 0;
}
