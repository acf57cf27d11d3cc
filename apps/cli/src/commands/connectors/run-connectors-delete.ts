import type { CommandContext } from '../../framework/command-context';
import { confirmDestructive } from '../../framework/confirm-destructive';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';
import { sanitizeForTerminal } from '../../output/text-width';

/** Runs `conduit connectors delete <connector> [--yes]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { output, signal } = context;
  const { client } = await openHostedClient(context);
  const connector = await resolveHostedConnector(
    client,
    context.args[0]!,
    signal,
    context.runtime.connectors,
  );
  const label = `connector ${connector.id} (${sanitizeForTerminal(connector.name)})`;
  if (!(await confirmDestructive(context, `delete ${label} with its credentials and synced data?`))) return 0;
  await client.deleteConnector(connector.id, { signal });
  if (output.json) await output.printJson({ deleted: connector.id });
  else output.note(`deleted ${label}`);
  return 0;
}
