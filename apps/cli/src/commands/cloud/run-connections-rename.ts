import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { sanitizeForTerminal } from '../../output/text-width';
import { connectionJson } from './cloud-views';

/** Runs `conduit cloud connections rename <connection> <name>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { output } = context;
  const [id, name] = context.args as [string, string];
  const workspace = await openCloudWorkspace(context);
  const connection = await workspace.getConnection(id).rename(name);
  const info = await connection.getInfo();
  if (output.json) await output.printJson(connectionJson(info));
  else output.note(`connection ${id} renamed to ${sanitizeForTerminal(info.name ?? name)}`);
  return 0;
}
