import { DEFAULT_HOSTED_BASE_URL, HostedAdminClient } from '@conduit/hosted';
import { consoleLogger } from '@conduit/transport';
import { checkHttpUrl } from '../config/check-http-url';
import { missingSettingsError } from '../config/missing-settings-error';
import { settingFromFlag } from '../config/setting-from-flag';
import { describeSource } from '../config/settings-resolver';
import type { CommandContext } from '../framework/command-context';
import type { FlagSpec } from '../framework/command-spec';
import { UsageError } from '../framework/usage-error';
import { VERSION } from '../version';
import { readSecretFile, readSecretStdin } from './read-secret-input';

/**
 * The flags of the commands of the admin API (`conduit apps`). The operator token is never a flag
 * value: it comes from `CONDUIT_ADMIN_TOKEN`, a file, stdin or a private profile.
 */
export const ADMIN_FLAGS: readonly FlagSpec[] = [
  {
    name: 'service-url',
    type: 'string',
    valueName: 'URL',
    description:
      'address of the hosted service (overrides env CONDUIT_BASE_URL; default http://127.0.0.1:8787)',
  },
  {
    name: 'admin-token-file',
    type: 'string',
    valueName: 'PATH',
    description: "read the operator's admin token from a file (overrides env CONDUIT_ADMIN_TOKEN)",
    complete: 'files',
  },
  {
    name: 'admin-token-stdin',
    type: 'boolean',
    description: "read the operator's admin token from stdin",
  },
];

/** How the admin settings are described in command help. */
export const ADMIN_SETTINGS_HELP = [
  'The hosted service is reached with CONDUIT_BASE_URL (default http://127.0.0.1:8787) with the',
  "operator's token, the server's CONDUIT_ADMIN_TOKEN: from --admin-token-file or --admin-token-stdin,",
  'the environment, or a private profile (conduit profile set NAME --secret-stdin admin_token).',
].join('\n');

/**
 * Resolves the service address and the operator's admin token (**flag > environment > profile**,
 * as every setting of conduit)
 * and builds the admin client. The token is registered with the output so no diagnostic prints it.
 *
 * @example
 * ```ts
 * const admin = await openAdminClient(context);
 * const applications = await admin.listApplications();
 * ```
 */
export async function openAdminClient(context: CommandContext): Promise<HostedAdminClient> {
  const { flags, output, runtime } = context;
  const settings = await context.settings();
  const baseUrlSetting = settingFromFlag(context, settings, 'hosted_base_url', 'service-url');
  const baseUrl = checkHttpUrl(
    baseUrlSetting.value ?? DEFAULT_HOSTED_BASE_URL,
    baseUrlSetting.source ? describeSource(baseUrlSetting.source) : 'the default service URL',
  );
  const file = flags.string('admin-token-file');
  const stdin = flags.boolean('admin-token-stdin');
  if (file !== undefined && stdin) {
    throw new UsageError('give --admin-token-file or --admin-token-stdin, not both', {
      code: 'conflicting_flags',
    });
  }
  let token: string | undefined;
  if (file !== undefined) {
    token = await readSecretFile(file, '--admin-token-file', output, runtime.platform);
  } else if (stdin) {
    token = await readSecretStdin(runtime, '--admin-token-stdin');
  } else {
    token = settings.get('admin_token').value;
  }
  if (token === undefined || token === '') {
    throw missingSettingsError(
      'the admin API needs the operator token',
      [
        {
          field: 'admin_token',
          message:
            'set CONDUIT_ADMIN_TOKEN, pass --admin-token-file or --admin-token-stdin, or store it in a profile',
        },
      ],
      { code: 'missing_admin_token', hint: "it is the server's CONDUIT_ADMIN_TOKEN" },
    );
  }
  output.addSecret(token);
  output.debugLog(`hosted service ${baseUrl} (admin API)`);
  return new HostedAdminClient({
    baseUrl,
    adminToken: token,
    userAgent: `conduit-cli/${VERSION}`,
    ...(runtime.fetch === undefined ? {} : { fetch: runtime.fetch }),
    ...(output.debug
      ? { hooks: consoleLogger({ write: (line) => output.debugLog(line), logRequests: true }) }
      : {}),
  });
}
