import { requireConnectorType } from '@conduit/connectors';
import { ConduitError } from '@conduit/protocol';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { printConnector } from '../../hosted/connector-view';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { parseConfigPairs } from './parse-config-pairs';
import { readUpstreamCredentials } from './read-upstream-credentials';

function connectorType(name: string) {
  try {
    return requireConnectorType(name);
  } catch (error) {
    if (!ConduitError.isInstance(error)) throw error;
    throw new UsageError(error.message, { code: 'unknown_connector_type' });
  }
}

/** Runs `conduit connectors create <type>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const type = connectorType(context.args[0]!);
  const config = parseConfigPairs(flags.strings('config'), type);
  const name = flags.string('name');
  if (name !== undefined && name.trim() === '') {
    throw new UsageError('--name must not be empty', { code: 'invalid_flag' });
  }
  const credentials = await readUpstreamCredentials(context, type);
  const { client } = await openHostedClient(context, {
    stdinTakenBy: flags.boolean('credentials-stdin') ? '--credentials-stdin' : undefined,
  });
  const created = await client.createConnector(
    {
      connectorType: type,
      credentials,
      ...(name === undefined ? {} : { name }),
      ...(config === undefined ? {} : { config }),
    },
    { signal },
  );
  await printConnector(created, output);
  return 0;
}
