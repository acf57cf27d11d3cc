import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';

/** Runs `conduit cloud connections streams <connection> [stream...]`: prints, or replaces, the selection. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { output, signal } = context;
  const [id, ...streams] = context.args as [string, ...string[]];
  const workspace = await openCloudWorkspace(context);
  const connection = workspace.getConnection(id);
  if (streams.length > 0) await connection.setSelectedStreams([...new Set(streams)]);
  const names =
    streams.length > 0
      ? await connection.getStreamNames()
      : (await connection.getInfo({ refresh: true, signal })).streamNames;
  if (output.json) await output.printJson({ connection_id: id, streams: names });
  else {
    for (const name of names) await output.print(name);
    if (streams.length > 0)
      output.note(`connection ${id} now syncs ${names.length} stream${names.length === 1 ? '' : 's'}`);
  }
  return 0;
}
