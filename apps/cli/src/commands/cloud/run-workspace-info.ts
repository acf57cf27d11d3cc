import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { formatKeyValues } from '../../output/key-value';
import { sanitizeForTerminal } from '../../output/text-width';

/** Runs `conduit cloud workspace info`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { output, signal } = context;
  const workspace = await openCloudWorkspace(context);
  await workspace.connect({ signal });
  // Reading the organization needs a permission many tokens lack: leave it out rather than fail.
  const organization = await workspace.getOrganization({ raiseOnError: false });
  const info = {
    workspace_id: workspace.workspaceId,
    url: workspace.workspaceUrl,
    api_root: workspace.apiRoot,
    authentication: workspace.config.usesBearerToken ? 'bearer token' : 'client credentials',
    organization: organization
      ? { organization_id: organization.organizationId, name: organization.organizationName }
      : null,
  };
  if (output.json) {
    await output.printJson(info);
    return 0;
  }
  await output.write(
    formatKeyValues(
      [
        ['workspace', info.workspace_id],
        ['url', info.url],
        ['api root', info.api_root],
        ['authentication', info.authentication],
        [
          'organization',
          organization
            ? `${sanitizeForTerminal(organization.organizationName)} (${organization.organizationId})`
            : '(not readable)',
        ],
      ],
      output.style,
    ),
  );
  return 0;
}
