import type { CommandContext } from '../../framework/command-context';
import { confirmDestructive } from '../../framework/confirm-destructive';
import { openAdminClient } from '../../hosted/open-admin-client';
import { sanitizeForTerminal } from '../../output/text-width';
import { printApplication } from './application-view';

/** Runs `conduit apps revoke CLIENT_ID [--yes]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const clientId = context.args[0]!;
  const admin = await openAdminClient(context);
  const question = `revoke application ${sanitizeForTerminal(clientId)}? its tokens stop working at once`;
  if (!(await confirmDestructive(context, question))) return 0;
  await printApplication(await admin.revokeApplication(clientId, { signal: context.signal }), context.output);
  return 0;
}
