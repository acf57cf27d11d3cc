import { DEFAULT_HOSTED_BASE_URL, HostedClient } from '@conduit/hosted';
import { checkHttpUrl } from '../config/check-http-url';
import { type MissingSetting, missingSettingsError } from '../config/missing-settings-error';
import { settingFromFlag } from '../config/setting-from-flag';
import { findSetting } from '../config/settings';
import { describeSource } from '../config/settings-resolver';
import type { CommandContext } from '../framework/command-context';
import { UsageError } from '../framework/usage-error';
import { hooksOption } from '../output/upstream-hooks';
import { VERSION } from '../version';
import { readSecretFile, readSecretStdin } from './read-secret-input';

/** A client of the hosted service, with the identities it uses (for messages and `--debug`). */
export interface HostedAccess {
  readonly client: HostedClient;
  readonly baseUrl: string;
  readonly clientId: string;
  readonly externalUserId: string;
}

/** Options of {@link openHostedClient}. */
export interface OpenHostedOptions {
  /**
   * Another flag of the command that reads stdin (e.g. `--credentials-stdin`): `--client-secret-stdin`
   * cannot share it.
   */
  readonly stdinTakenBy?: string | undefined;
}

function describeMissing(key: string, flag: string): MissingSetting {
  const variable = findSetting(key)?.env.join(' or ') ?? key;
  return { field: key, message: `set ${variable}, pass ${flag}, or store it in a profile` };
}

/**
 * Resolves the hosted service's address and the application's identities with the precedence of
 * every setting (**flag > environment > profile**) and builds the client. The client secret is
 * taken from `--client-secret-file` / `--client-secret-stdin`, then `CONDUIT_CLIENT_SECRET`, then
 * the profile (whose secrets count only while the config file is private). Anything missing is an
 * authentication failure (exit 3) naming every way to give it; the secret is registered with the
 * output so no diagnostic can print it.
 *
 * @example
 * ```ts
 * const { client } = await openHostedClient(context);
 * const connectors = await client.listConnectors();
 * ```
 */
export async function openHostedClient(
  context: CommandContext,
  options: OpenHostedOptions = {},
): Promise<HostedAccess> {
  const { flags, output, runtime } = context;
  const settings = await context.settings();

  const baseUrlSetting = settingFromFlag(context, settings, 'hosted_base_url', 'service-url');
  const baseUrl = checkHttpUrl(
    baseUrlSetting.value ?? DEFAULT_HOSTED_BASE_URL,
    baseUrlSetting.source ? describeSource(baseUrlSetting.source) : 'the default service URL',
  );
  const clientIdSetting = settingFromFlag(context, settings, 'client_id', 'client-id');
  const userSetting = settingFromFlag(context, settings, 'external_user_id', 'external-user-id');

  const secretFile = flags.string('client-secret-file');
  const secretStdin = flags.boolean('client-secret-stdin');
  if (secretFile !== undefined && secretStdin) {
    throw new UsageError('give --client-secret-file or --client-secret-stdin, not both', {
      code: 'conflicting_flags',
    });
  }
  if (secretStdin && options.stdinTakenBy !== undefined) {
    throw new UsageError(`--client-secret-stdin and ${options.stdinTakenBy} cannot both read stdin`, {
      code: 'conflicting_flags',
      hint: 'give the client secret with CONDUIT_CLIENT_SECRET or --client-secret-file instead',
    });
  }
  const fromSettings = settings.get('client_secret');
  let secret: string | undefined;
  let secretSource: string | undefined;
  if (secretFile !== undefined) {
    secret = await readSecretFile(secretFile, '--client-secret-file', output, runtime.platform);
    secretSource = `--client-secret-file ${secretFile}`;
  } else if (secretStdin) {
    secret = await readSecretStdin(runtime, '--client-secret-stdin');
    secretSource = 'stdin';
  } else if (fromSettings.value !== undefined && fromSettings.source) {
    secret = fromSettings.value;
    secretSource = describeSource(fromSettings.source);
  }
  output.addSecret(secret);

  const missing = [
    clientIdSetting.value === undefined ? describeMissing('client_id', '--client-id') : undefined,
    secret === undefined
      ? describeMissing('client_secret', '--client-secret-file or --client-secret-stdin')
      : undefined,
    userSetting.value === undefined ? describeMissing('external_user_id', '--external-user-id') : undefined,
  ].filter((setting): setting is MissingSetting => setting !== undefined);
  if (missing.length > 0) {
    throw missingSettingsError(
      `the hosted service needs ${missing.map((setting) => setting.field).join(', ')}`,
      missing,
      {
        code: 'missing_hosted_credentials',
        hint: 'a profile keeps them: conduit profile set NAME client_id=… external_user_id=… (and --secret-stdin client_secret)',
      },
    );
  }
  const clientId = clientIdSetting.value!;
  const externalUserId = userSetting.value!;
  output.debugLog(
    `hosted service ${baseUrl}; client ${clientId} (${describeSource(clientIdSetting.source!)}), secret from ${secretSource}; user ${externalUserId} (${describeSource(userSetting.source!)})`,
  );
  const client = new HostedClient({
    baseUrl,
    platformClientId: clientId,
    platformClientSecret: secret!,
    externalUserId,
    userAgent: `conduit-cli/${VERSION}`,
    ...(runtime.fetch === undefined ? {} : { fetch: runtime.fetch }),
    ...hooksOption(output),
  });
  return { client, baseUrl, clientId, externalUserId };
}
