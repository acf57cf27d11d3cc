import {
  type ActionDefinition,
  type DownloadResult,
  type ListEnvelope,
  redactUrl,
  redactValue,
  type SearchEnvelope,
} from '@conduit/protocol';
import { CONNECTORS, requireConnector } from '../../connectors/connector-catalog';
import { requireAction } from '../../connectors/require-action';
import type { CommandContext } from '../../framework/command-context';
import { canPrompt, readStdin } from '../../framework/read-stdin';
import { UsageError } from '../../framework/usage-error';
import { describeAction } from '../../introspect/describe-action';
import { VERSION } from '../../version';
import { buildParams } from './build-params';
import { printListPage, streamList } from './print-list';
import { printRecord } from './print-record';
import { printSearchPage } from './print-search';
import { resolveCredentials } from './resolve-credentials';
import { saveDownloadToFile, writeDownloadToStdout } from './save-download';

const MAX_CREDENTIALS_BYTES = 64 * 1024;

function parseLimitTotal(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`--limit-total needs a positive integer, got "${raw}"`, { code: 'invalid_flag' });
  }
  return Number(raw);
}

function checkBaseUrl(value: string | undefined, source: string): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${source} is not a URL: "${redactUrl(value)}"`, { code: 'invalid_url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${source} must be an http or https URL`, { code: 'invalid_url' });
  }
  return value;
}

function checkFlagsForAction(context: CommandContext, action: ActionDefinition): void {
  const { flags } = context;
  const listOnly = ['all', 'limit-total'].filter((name) => flags.has(name));
  if (action.kind !== 'list' && listOnly.length > 0) {
    throw new UsageError(`--${listOnly[0]} applies to list actions only`, { code: 'invalid_flag' });
  }
  if (action.kind !== 'download' && flags.has('output')) {
    throw new UsageError('--output applies to download actions only', { code: 'invalid_flag' });
  }
  if (action.kind === 'download') {
    const target = flags.string('output');
    const toStdout = target === undefined || target === '-';
    if (toStdout && context.global.json) {
      throw new UsageError('--json with a download needs -o FILE: the bytes would go to stdout', {
        code: 'invalid_flag',
      });
    }
    // Raw bytes on a terminal scramble it; curl refuses for the same reason.
    if (target === undefined && context.output.isInteractive) {
      throw new UsageError('refusing to write a download to the terminal', {
        code: 'binary_to_terminal',
        hint: 'write it to a file with -o FILE, pipe it, or force stdout with -o -',
      });
    }
  }
}

/** Runs `conduit exec`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const [connectorName, entity, actionName] = context.args as [string, string, string];
  const { flags, output, runtime, signal } = context;
  const entry = requireConnector(connectorName, runtime.connectors ?? CONNECTORS);
  const connector = await entry.loadLocal();
  const action = requireAction(connector.definition, entity, actionName);
  checkFlagsForAction(context, action);
  const limitTotal = parseLimitTotal(flags.string('limit-total'));
  const description = describeAction(actionName, action);
  const params = buildParams(
    description.params,
    { pairs: flags.strings('param'), json: flags.string('params-json') },
    `${entry.name} ${entity} ${actionName}`,
  );

  const settings = await context.settings();
  const baseUrlSetting = settings.get(connector.baseUrlSetting, {
    name: '--base-url',
    value: flags.string('base-url'),
  });
  if (baseUrlSetting.source?.kind === 'env' && flags.has('base-url')) {
    output.warn(
      `--base-url is ignored: ${baseUrlSetting.source.name} is set in the environment and takes precedence`,
    );
  }
  const source = baseUrlSetting.source;
  const baseUrl = checkBaseUrl(
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
    fetch: runtime.fetch,
    userAgent: `conduit-cli/${VERSION}`,
    debugLog: output.debug ? (line) => output.debugLog(line) : undefined,
  });
  output.debugLog(
    `exec ${entry.name} ${entity} ${actionName} (local, ${redactUrl(baseUrl ?? connector.defaultBaseUrl)}) params ${JSON.stringify(redactValue(params))}`,
  );
  const execute = (extra: Record<string, unknown> = {}) =>
    executor.execute({ entity, action: actionName, params: { ...params, ...extra } }, { signal });

  switch (action.kind) {
    case 'list': {
      if (!flags.boolean('all') && limitTotal === undefined) {
        const commandLine = ['conduit', 'exec', entry.name, entity, actionName].join(' ');
        await printListPage((await execute()) as ListEnvelope, description.record, output, commandLine);
        return 0;
      }
      // Ask for no more per page than the total wanted, when the action lets the caller choose.
      const pageSize = description.params.find(
        (param) => param.name === 'limit' && param.json_types.includes('integer'),
      );
      const extra =
        limitTotal !== undefined && pageSize && params.limit === undefined
          ? { limit: Math.min(limitTotal, pageSize.maximum ?? limitTotal) }
          : {};
      await streamList(
        async (offset) =>
          (await execute(offset === undefined ? extra : { ...extra, offset })) as ListEnvelope,
        output,
        { fields: description.record, limitTotal, signal },
      );
      return 0;
    }
    case 'get':
      await printRecord(await execute(), output);
      return 0;
    case 'search':
      await printSearchPage((await execute()) as SearchEnvelope, output);
      return 0;
    case 'download': {
      const result = (await execute()) as DownloadResult;
      const target = flags.string('output');
      if (target === undefined || target === '-') await writeDownloadToStdout(result, output);
      else await saveDownloadToFile(result, target, output, signal);
      return 0;
    }
  }
}
