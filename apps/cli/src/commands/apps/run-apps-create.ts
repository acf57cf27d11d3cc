import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { openAdminClient } from '../../hosted/open-admin-client';
import { printApplication } from './application-view';

/** Runs `conduit apps create NAME [--client-id ID]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const name = context.args[0]!.trim();
  if (name === '') throw new UsageError('NAME must not be empty', { code: 'invalid_argument' });
  const clientId = context.flags.string('client-id');
  const admin = await openAdminClient(context);
  const created = await admin.createApplication(
    { name, ...(clientId === undefined ? {} : { clientId }) },
    { signal: context.signal },
  );
  await printApplication(created, context.output);
  return 0;
}
