import { requireConnectorType } from '@conduit/connectors';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { printConnector } from '../../hosted/connector-view';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';
import { parseConfigPairs } from './parse-config-pairs';
import { readUpstreamCredentials } from './read-upstream-credentials';

/** Runs `conduit connectors update <connector> [--name] [--config K=V] [--credentials-file|-stdin]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const name = flags.string('name');
  if (name !== undefined && name.trim() === '') {
    throw new UsageError('--name must not be empty', { code: 'invalid_flag' });
  }
  const credentialsStdin = flags.boolean('credentials-stdin');
  const { client } = await openHostedClient(context, {
    stdinTakenBy: credentialsStdin ? '--credentials-stdin' : undefined,
  });
  const connector = await resolveHostedConnector(
    client,
    context.args[0]!,
    signal,
    context.runtime.connectors,
  );
  const type = requireConnectorType(connector.connector_type);
  const config = parseConfigPairs(flags.strings('config'), type);
  // Only a rename or a new config needs no credentials; anything else is a re-authorization.
  const wantsCredentials =
    flags.string('credentials-file') !== undefined ||
    credentialsStdin ||
    (name === undefined && config === undefined);
  const credentials = wantsCredentials ? await readUpstreamCredentials(context, type) : undefined;
  const updated = await client.updateConnector(
    connector.id,
    {
      ...(credentials === undefined ? {} : { credentials }),
      ...(config === undefined ? {} : { config }),
      ...(name === undefined ? {} : { name }),
    },
    { signal },
  );
  await printConnector(updated, output);
  return 0;
}
