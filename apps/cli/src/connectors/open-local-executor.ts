import type { ConnectorExecutor } from '@conduit/protocol';
import { resolveCredentials } from '../commands/exec/resolve-credentials';
import { checkHttpUrl } from '../config/check-http-url';
import type { CommandContext } from '../framework/command-context';
import { canPrompt, readStdin } from '../framework/read-stdin';
import { UsageError } from '../framework/usage-error';
import { upstreamHooks } from '../output/upstream-hooks';
import { VERSION } from '../version';
import type { LocalConnector } from './local-connector';
import { localModeFetch } from './local-mode-fetch';

const MAX_CREDENTIALS_BYTES = 64 * 1024;

/** A connector's executor for a local run, and the upstream root it calls. */
export interface LocalExecutorAccess {
  readonly executor: ConnectorExecutor;
  readonly baseUrl: string;
}

/**
 * Builds a connector's executor for a run in this process (local mode) from the command's
 * `--base-url`, `--credentials-file` and `--credentials-stdin` flags, the environment and the
 * profile, with the precedence of every setting (flag > environment > profile). Credentials are
 * registered with the output as secrets; `--debug` gets one redacted line per upstream request,
 * and a terminal hears about every 429 wait.
 *
 * @example
 * ```ts
 * const { executor } = await openLocalExecutor(context, await entry.loadLocal());
 * ```
 */
export async function openLocalExecutor(
  context: CommandContext,
  connector: LocalConnector,
): Promise<LocalExecutorAccess> {
  const { flags, output, runtime } = context;
  const settings = await context.settings();
  const baseUrlSetting = settings.get(connector.baseUrlSetting, {
    name: '--base-url',
    value: flags.string('base-url'),
  });
  const source = baseUrlSetting.source;
  const baseUrl =
    baseUrlSetting.value === undefined
      ? undefined
      : checkHttpUrl(
          baseUrlSetting.value,
          source?.kind === 'profile'
            ? `${connector.baseUrlSetting} of profile ${source.name}`
            : (source?.name ?? '--base-url'),
        );
  const credentialsStdin = flags.boolean('credentials-stdin')
    ? async () => {
        if (runtime.stdin.isTTY) {
          if (!canPrompt(runtime)) {
            throw new UsageError('--credentials-stdin reads from a pipe, and stdin is a terminal', {
              code: 'stdin_is_terminal',
            });
          }
          output.note('paste the credentials JSON, then press Ctrl-D');
        }
        return readStdin(runtime.stdin, { maxBytes: MAX_CREDENTIALS_BYTES, what: '--credentials-stdin' });
      }
    : undefined;
  const { credentials } = await resolveCredentials(
    connector,
    settings,
    { file: flags.string('credentials-file'), stdin: credentialsStdin },
    output,
    runtime.platform,
  );
  const executor = connector.createExecutor({
    credentials,
    baseUrl,
    fetch: runtime.fetch ?? localModeFetch(baseUrl ?? connector.defaultBaseUrl, runtime.env),
    userAgent: `conduit-cli/${VERSION}`,
    hooks: upstreamHooks(output),
  });
  return { executor, baseUrl: baseUrl ?? connector.defaultBaseUrl };
}
