import type { CommandContext } from '../../framework/command-context';
import { confirmDestructive } from '../../framework/confirm-destructive';
import { openAdminClient } from '../../hosted/open-admin-client';
import { sanitizeForTerminal } from '../../output/text-width';
import { printApplication } from './application-view';

/** Runs `conduit apps rotate-secret CLIENT_ID [--yes]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const clientId = context.args[0]!;
  const admin = await openAdminClient(context);
  const question = `give application ${sanitizeForTerminal(clientId)} a new secret? the current one stops getting tokens`;
  if (!(await confirmDestructive(context, question))) return 0;
  const rotated = await admin.rotateApplicationSecret(clientId, { signal: context.signal });
  await printApplication(rotated, context.output);
  return 0;
}
