import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';

/** Runs `conduit cloud workspace check`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const workspace = await openCloudWorkspace(context);
  await workspace.connect({ signal: context.signal });
  if (context.output.json) {
    await context.output.printJson({
      workspace_id: workspace.workspaceId,
      api_root: workspace.apiRoot,
      ok: true,
    });
  } else {
    await context.output.print(
      `workspace ${workspace.workspaceId} is reachable at ${workspace.apiRoot} and accepts the credentials`,
    );
  }
  return 0;
}
