import { PlatformConnectionSyncError, type SyncResult } from '@conduit/cloud';
import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { parseDurationFlag } from '../../framework/parse-duration';
import { UsageError } from '../../framework/usage-error';
import { formatBytes } from '../../output/format-bytes';
import { formatKeyValues } from '../../output/key-value';
import { spinnerFrame } from '../../output/live-block';
import type { Output } from '../../output/output';
import { sanitizeForTerminal } from '../../output/text-width';
import { jobJson } from './cloud-views';

const DEFAULT_TIMEOUT_MS = 30 * 60_000;

function jobLine(result: SyncResult): string {
  const job = result.lastSnapshot;
  const rows = job?.rowsSynced ?? 0;
  const bytes = job?.bytesSynced ?? 0;
  return `job ${result.jobId}: ${job?.status ?? 'pending'}, ${rows} records, ${formatBytes(bytes)}`;
}

async function reportFailure(result: SyncResult, output: Output): Promise<void> {
  try {
    for (const attempt of await result.getAttempts()) {
      for (const message of attempt.failureMessages) {
        output.note(`  attempt ${attempt.attemptNumber}: ${sanitizeForTerminal(message)}`);
      }
    }
  } catch {
    // The failure itself is what matters; its details are a courtesy.
  }
}

/** Runs `conduit cloud sync <connection> [--wait] [--timeout D] [--poll-interval D]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const wait = flags.boolean('wait');
  for (const name of ['timeout', 'poll-interval']) {
    if (flags.has(name) && !wait)
      throw new UsageError(`--${name} applies to --wait`, { code: 'invalid_flag' });
  }
  const timeoutMs = flags.has('timeout')
    ? parseDurationFlag(flags.string('timeout')!, '--timeout')
    : DEFAULT_TIMEOUT_MS;
  const pollSeconds = flags.has('poll-interval')
    ? parseDurationFlag(flags.string('poll-interval')!, '--poll-interval') / 1000
    : undefined;
  const workspace = await openCloudWorkspace(
    context,
    pollSeconds === undefined
      ? {}
      : { polling: { initialInterval: Math.min(1, pollSeconds), maxInterval: pollSeconds } },
  );
  const connection = workspace.getConnection(context.args[0]!);
  const result = await connection.runSync({ wait: false, signal });
  if (!wait) {
    const job = result.lastSnapshot;
    if (output.json)
      await output.printJson({
        connection_id: connection.connectionId,
        ...jobJson(job ?? { jobId: result.jobId, status: 'pending' }),
      });
    else {
      await output.print(String(result.jobId));
      output.note(
        output.errorStyle.dim(
          `sync job started; follow it with: conduit cloud jobs ${connection.connectionId} (or add --wait)`,
        ),
      );
    }
    return 0;
  }

  const started = Date.now();
  const live = output.liveBlock((frame) => [
    `${spinnerFrame(frame)} ${jobLine(result)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  ]);
  // Without a terminal, each change of status is one line, so a log shows how the job went.
  let lastStatus: string | undefined;
  const logChanges = () => {
    const status = result.lastSnapshot?.status;
    if (status !== undefined && status !== lastStatus) {
      lastStatus = status;
      if (!output.stderrIsInteractive && !output.json) output.note(jobLine(result));
    }
  };
  logChanges();
  const watcher = setInterval(logChanges, 100);
  try {
    await result.waitForCompletion({
      waitTimeout: timeoutMs / 1000,
      raiseTimeout: true,
      raiseFailure: true,
      signal,
    });
  } catch (error) {
    clearInterval(watcher);
    live.stop();
    if (error instanceof PlatformConnectionSyncError && error.code === 'sync_failed' && !output.json) {
      await reportFailure(result, output);
    }
    throw error;
  } finally {
    clearInterval(watcher);
    live.stop();
  }
  logChanges();
  const job = await result.getJob();
  if (output.json) {
    await output.printJson({ connection_id: connection.connectionId, ...jobJson(job) });
    return 0;
  }
  await output.write(
    formatKeyValues(
      [
        ['connection', connection.connectionId],
        ['job', String(job.jobId)],
        ['status', job.status],
        ['records', String(job.rowsSynced ?? 0)],
        ['bytes', `${job.bytesSynced ?? 0} (${formatBytes(job.bytesSynced ?? 0)})`],
        ['duration', job.duration ?? ''],
      ],
      output.style,
    ),
  );
  return 0;
}
