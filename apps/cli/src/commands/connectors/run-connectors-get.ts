import type { CommandContext } from '../../framework/command-context';
import { printConnector } from '../../hosted/connector-view';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';

/** Runs `conduit connectors get <connector>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { client } = await openHostedClient(context);
  const connector = await resolveHostedConnector(
    client,
    context.args[0]!,
    context.signal,
    context.runtime.connectors,
  );
  await printConnector(connector, context.output);
  return 0;
}
