import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';

/** Runs `conduit cloud connections enable|disable <connection>`; a no-op when already so. */
export async function runEnable(context: CommandContext, enabled: boolean): Promise<number | undefined> {
  const { output } = context;
  const workspace = await openCloudWorkspace(context);
  const connection = workspace.getConnection(context.args[0]!);
  const before = await connection.isEnabled();
  await connection.setEnabled(enabled);
  const word = enabled ? 'enabled' : 'disabled';
  if (output.json) {
    await output.printJson({ connection_id: connection.connectionId, enabled, changed: before !== enabled });
  } else {
    output.note(
      before === enabled
        ? `connection ${connection.connectionId} was already ${word}`
        : `connection ${connection.connectionId} ${word}`,
    );
  }
  return 0;
}
