import { basename } from 'node:path';
import type { DownloadResult } from '@conduit/protocol';
import { CONNECTORS, requireConnector } from '../../connectors/connector-catalog';
import { openLocalExecutor } from '../../connectors/open-local-executor';
import { requireAction } from '../../connectors/require-action';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';
import { formatBytes } from '../../output/format-bytes';
import { formatKeyValues } from '../../output/key-value';
import { sanitizeForTerminal } from '../../output/text-width';
import { writeDownloadToStdout } from '../exec/save-download';
import { downloadToFile } from './resumable-download';

const ENTITY = 'attachments';
const LOCAL_ONLY_FLAGS = ['base-url', 'credentials-file', 'credentials-stdin'];
const HOSTED_ONLY_FLAGS = [
  'service-url',
  'client-id',
  'external-user-id',
  'client-secret-file',
  'client-secret-stdin',
];

type Execute = (action: 'get' | 'download', params: Record<string, unknown>) => Promise<unknown>;

function checkFlags(context: CommandContext): void {
  const { flags } = context;
  const hosted = flags.boolean('hosted');
  const wrong = (hosted ? LOCAL_ONLY_FLAGS : HOSTED_ONLY_FLAGS).find((name) => flags.has(name));
  if (wrong) {
    throw new UsageError(
      hosted
        ? `--${wrong} applies to local mode: the hosted service holds the credentials`
        : `--${wrong} applies to hosted mode (--hosted)`,
      { code: 'invalid_flag' },
    );
  }
  const target = flags.string('output');
  if (target === undefined) {
    throw new UsageError('conduit download needs -o FILE (or -o - for stdout)', { code: 'missing_flag' });
  }
  if (target === '-') {
    if (flags.boolean('resume')) throw new UsageError('--resume needs -o FILE', { code: 'invalid_flag' });
    if (context.global.json) {
      throw new UsageError('--json with a download needs -o FILE: the bytes would go to stdout', {
        code: 'invalid_flag',
      });
    }
    if (context.output.isInteractive) {
      throw new UsageError('refusing to write a download to the terminal', {
        code: 'binary_to_terminal',
        hint: 'write it to a file with -o FILE, or pipe it',
      });
    }
  }
}

async function openExecute(context: CommandContext): Promise<{ execute: Execute; where: string }> {
  const { flags, runtime, signal } = context;
  if (flags.boolean('hosted')) {
    const { client } = await openHostedClient(context);
    const connector = await resolveHostedConnector(
      client,
      flags.string('connector') ?? 'task-management',
      signal,
    );
    return {
      execute: (action, params) => client.execute(connector.id, ENTITY, action, params, { signal }),
      where: `hosted connector ${connector.id}`,
    };
  }
  const entry = requireConnector(
    flags.string('connector') ?? 'task-management',
    runtime.connectors ?? CONNECTORS,
  );
  const connector = await entry.loadLocal();
  requireAction(connector.definition, ENTITY, 'download');
  const { executor, baseUrl } = await openLocalExecutor(context, connector);
  return {
    execute: (action, params) => executor.execute({ entity: ENTITY, action, params }, { signal }),
    where: `${entry.name} at ${baseUrl}`,
  };
}

function attachmentInfo(record: unknown): { name: string | undefined; size: number | undefined } {
  if (typeof record !== 'object' || record === null) return { name: undefined, size: undefined };
  const { name, size } = record as { name?: unknown; size?: unknown };
  return {
    name: typeof name === 'string' ? name : undefined,
    size: typeof size === 'number' && Number.isSafeInteger(size) && size >= 0 ? size : undefined,
  };
}

/** Runs `conduit download <attachment_gid> -o FILE [--resume] [--hosted]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  checkFlags(context);
  const gid = context.args[0]!;
  const target = flags.string('output')!;
  const { execute, where } = await openExecute(context);
  const info = attachmentInfo(await execute('get', { attachment_gid: gid }));
  output.debugLog(
    `download attachment ${gid} (${info.name ?? 'unnamed'}, ${info.size === undefined ? 'size unknown' : `${info.size} bytes`}) from ${where}`,
  );
  const fetch = (from: number | undefined) =>
    execute('download', {
      attachment_gid: gid,
      ...(from === undefined ? {} : { range_header: `bytes=${from}-` }),
    }) as Promise<DownloadResult>;
  if (target === '-') {
    await writeDownloadToStdout(await fetch(undefined), output);
    return 0;
  }
  const report = await downloadToFile({
    target,
    resume: flags.boolean('resume'),
    expectedSize: info.size,
    label: info.name ?? basename(target),
    fetch,
    output,
    signal,
  });
  const summary = { attachment_gid: gid, name: info.name ?? report.filename, ...report };
  if (output.json) {
    await output.printJson(summary);
    return 0;
  }
  await output.write(
    formatKeyValues(
      [
        ['file', sanitizeForTerminal(report.file)],
        ['name', sanitizeForTerminal(summary.name ?? '')],
        [
          'size',
          `${report.bytes} bytes (${formatBytes(report.bytes)})${report.expected_bytes === null ? '' : ', as announced'}`,
        ],
        ...(report.resumed_from > 0
          ? [
              ['resumed', `from byte ${report.resumed_from}, ${report.received} bytes received`] as [
                string,
                string,
              ],
            ]
          : []),
        ['sha256', report.sha256],
      ],
      output.style,
    ),
  );
  return 0;
}
