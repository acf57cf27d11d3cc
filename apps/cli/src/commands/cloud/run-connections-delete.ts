import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { confirmDestructive } from '../../framework/confirm-destructive';
import { sanitizeForTerminal } from '../../output/text-width';

/** Runs `conduit cloud connections delete <connection> [--cascade-source] [--cascade-destination] [--no-safe-mode]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const id = context.args[0]!;
  const safeMode = !flags.boolean('no-safe-mode');
  const cascadeDeleteSource = flags.boolean('cascade-source');
  const cascadeDeleteDestination = flags.boolean('cascade-destination');
  const workspace = await openCloudWorkspace(context);
  const info = await workspace.getConnection(id).getInfo({ refresh: true, signal });
  const parts = [
    `connection ${id} (${sanitizeForTerminal(info.name ?? '')})`,
    ...(cascadeDeleteSource ? [`its source ${info.sourceId}`] : []),
    ...(cascadeDeleteDestination ? [`its destination ${info.destinationId}`] : []),
  ];
  const label = parts.join(' and ');
  if (!(await confirmDestructive(context, `delete ${label} permanently?`))) return 0;
  if (!safeMode) output.warn(`safe mode is off: deleting ${label} whatever the names`);
  await workspace.permanentlyDeleteConnection(id, {
    safeMode,
    cascadeDeleteSource,
    cascadeDeleteDestination,
  });
  if (output.json) {
    await output.printJson({
      deleted: {
        connection_id: id,
        ...(cascadeDeleteSource ? { source_id: info.sourceId } : {}),
        ...(cascadeDeleteDestination ? { destination_id: info.destinationId } : {}),
      },
      safe_mode: safeMode,
    });
  } else {
    output.note(`deleted ${label}`);
  }
  return 0;
}
