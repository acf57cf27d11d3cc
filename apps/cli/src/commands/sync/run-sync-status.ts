import type { CommandContext } from '../../framework/command-context';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';
import { printSyncSummary } from './render-sync';

/** Runs `conduit sync status <connector>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { client } = await openHostedClient(context);
  const connector = await resolveHostedConnector(
    client,
    context.args[0]!,
    context.signal,
    context.runtime.connectors,
  );
  const summary = await client.getSyncStatus(connector.id, { signal: context.signal });
  await printSyncSummary(summary, connector.id, context.output);
  return 0;
}
