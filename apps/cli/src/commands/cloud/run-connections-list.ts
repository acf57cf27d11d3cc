import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { printConnections } from './cloud-views';

/** Runs `conduit cloud connections list [--name NAME]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const workspace = await openCloudWorkspace(context);
  const name = context.flags.string('name');
  const connections = await workspace.listConnections(name === undefined ? {} : { name });
  await printConnections(
    await Promise.all(connections.map((connection) => connection.getInfo())),
    context.output,
  );
  return 0;
}
