import { CLOUD_API_ROOT, CloudWorkspace, type PollingOptions } from '@conduit/cloud';
import { checkHttpUrl } from '../config/check-http-url';
import { type MissingSetting, missingSettingsError } from '../config/missing-settings-error';
import { settingFromFlag } from '../config/setting-from-flag';
import { describeSource, type ResolvedSetting, type SettingSource } from '../config/settings-resolver';
import type { CommandContext } from '../framework/command-context';
import { hooksOption } from '../output/upstream-hooks';
import { VERSION } from '../version';

const RANK: Readonly<Record<SettingSource['kind'], number>> = { flag: 0, env: 1, profile: 2 };

function rank(settings: readonly ResolvedSetting[]): number {
  return Math.max(...settings.map((setting) => (setting.source ? RANK[setting.source.kind] : 3)));
}

/**
 * Builds the cloud workspace client from the settings, with the precedence of every setting
 * (**flag > environment > profile**): `PLATFORM_CLOUD_WORKSPACE_ID` / `--workspace-id`,
 * `PLATFORM_CLOUD_API_URL` / `--api-url` (default the hosted platform), and one authentication
 * method, a bearer token (`PLATFORM_CLOUD_BEARER_TOKEN`) or client credentials
 * (`PLATFORM_CLOUD_CLIENT_ID` + `PLATFORM_CLOUD_CLIENT_SECRET`), secrets from the environment or a
 * private profile only. When both methods are complete, the one from the higher-precedence source
 * is used (the bearer token on a tie). Anything missing is an authentication failure (exit 3).
 *
 * @example
 * ```ts
 * const workspace = await openCloudWorkspace(context);
 * await workspace.connect();
 * ```
 */
export async function openCloudWorkspace(
  context: CommandContext,
  options: { polling?: PollingOptions } = {},
): Promise<CloudWorkspace> {
  const { output, runtime } = context;
  const settings = await context.settings();
  const workspace = settingFromFlag(context, settings, 'workspace_id', 'workspace-id');
  const apiRoot = settingFromFlag(context, settings, 'cloud_api_root', 'api-url');
  const configApiRoot = settingFromFlag(context, settings, 'cloud_config_api_root', 'config-api-url');
  const bearer = settings.get('cloud_bearer_token');
  const clientId = settingFromFlag(context, settings, 'cloud_client_id', 'client-id');
  const clientSecret = settings.get('cloud_client_secret');
  output.addSecret(bearer.value);
  output.addSecret(clientSecret.value);

  const hasBearer = bearer.value !== undefined;
  const hasClient = clientId.value !== undefined && clientSecret.value !== undefined;
  const useBearer = hasBearer && (!hasClient || rank([bearer]) <= rank([clientId, clientSecret]));
  const missing: MissingSetting[] = [];
  if (workspace.value === undefined)
    missing.push({
      field: 'workspace_id',
      message: 'set PLATFORM_CLOUD_WORKSPACE_ID or pass --workspace-id',
    });
  if (!hasBearer && !hasClient) {
    missing.push(
      clientId.value === undefined && clientSecret.value === undefined
        ? {
            field: 'credentials',
            message:
              'set PLATFORM_CLOUD_BEARER_TOKEN, or PLATFORM_CLOUD_CLIENT_ID and PLATFORM_CLOUD_CLIENT_SECRET',
          }
        : clientSecret.value === undefined
          ? {
              field: 'cloud_client_secret',
              message: 'set PLATFORM_CLOUD_CLIENT_SECRET (or store it in a private profile)',
            }
          : { field: 'cloud_client_id', message: 'set PLATFORM_CLOUD_CLIENT_ID or pass --client-id' },
    );
  }
  if (missing.length > 0) {
    throw missingSettingsError(
      `the cloud workspace needs ${missing.map((setting) => setting.field).join(' and ')}`,
      missing,
      {
        code: 'missing_cloud_settings',
        hint: 'secrets come from the environment or a private profile: conduit profile set NAME --secret-stdin cloud_bearer_token',
      },
    );
  }
  const root = checkHttpUrl(
    apiRoot.value ?? CLOUD_API_ROOT,
    apiRoot.source ? describeSource(apiRoot.source) : 'the default API root',
  );
  const configRoot =
    configApiRoot.value === undefined
      ? undefined
      : checkHttpUrl(configApiRoot.value, describeSource(configApiRoot.source!));
  const method = useBearer
    ? `bearer token from ${describeSource(bearer.source!)}`
    : `client credentials (${describeSource(clientId.source!)}, secret from ${describeSource(clientSecret.source!)})`;
  output.debugLog(`cloud workspace ${workspace.value} at ${root}; ${method}`);
  return new CloudWorkspace({
    workspaceId: workspace.value!,
    apiRoot: root,
    ...(configRoot === undefined ? {} : { configApiRoot: configRoot }),
    ...(useBearer
      ? { bearerToken: bearer.value! }
      : { clientId: clientId.value!, clientSecret: clientSecret.value! }),
    userAgent: `conduit-cli/${VERSION}`,
    ...(runtime.fetch === undefined ? {} : { fetch: runtime.fetch }),
    ...hooksOption(output),
    ...(options.polling === undefined ? {} : { polling: options.polling }),
  });
}
