import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { printConnection } from './cloud-views';

/** Runs `conduit cloud connections get <connection>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const workspace = await openCloudWorkspace(context);
  const connection = workspace.getConnection(context.args[0]!);
  const info = await connection.getInfo({ refresh: true, signal: context.signal });
  await printConnection(info, context.output, connection.connectionUrl);
  return 0;
}
