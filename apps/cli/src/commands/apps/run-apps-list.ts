import type { CommandContext } from '../../framework/command-context';
import { openAdminClient } from '../../hosted/open-admin-client';
import { printApplications } from './application-view';

/** Runs `conduit apps list`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const admin = await openAdminClient(context);
  await printApplications(await admin.listApplications({ signal: context.signal }), context.output);
  return 0;
}
