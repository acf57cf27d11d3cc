import type { SyncSummary } from '@conduit/protocol';
import type { CommandContext } from '../../framework/command-context';
import { parseDurationFlag } from '../../framework/parse-duration';
import { UsageError } from '../../framework/usage-error';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';
import { syncFailure, waitForSync } from '../../hosted/wait-for-sync';
import { sanitizeForTerminal } from '../../output/text-width';
import { liveSyncLines, printSyncSummary } from './render-sync';

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const POLL_INTERVAL_MS = 500;

/** Runs `conduit sync <connector> [--full] [--wait] [--timeout DURATION]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const wait = flags.boolean('wait');
  const full = flags.boolean('full');
  const timeout = flags.string('timeout');
  if (timeout !== undefined && !wait) {
    throw new UsageError('--timeout applies to --wait', { code: 'invalid_flag' });
  }
  const timeoutMs = timeout === undefined ? DEFAULT_TIMEOUT_MS : parseDurationFlag(timeout, '--timeout');
  const { client } = await openHostedClient(context);
  const connector = await resolveHostedConnector(
    client,
    context.args[0]!,
    signal,
    context.runtime.connectors,
  );
  const before = await client.getSyncStatus(connector.id, { signal });
  const { sync_id } = await client.triggerSync(connector.id, { signal, ...(full ? { full: true } : {}) });
  if (!wait) {
    if (output.json) await output.printJson({ connector_id: connector.id, sync_id });
    else {
      await output.print(sync_id);
      output.note(
        output.errorStyle.dim(
          `sync started; follow it with: conduit sync status ${connector.id} (or add --wait)`,
        ),
      );
    }
    return 0;
  }
  const started = Date.now();
  let latest: SyncSummary | undefined;
  let previous: SyncSummary | undefined;
  const label = sanitizeForTerminal(connector.name);
  const live = output.liveBlock((frame) =>
    liveSyncLines(latest, label, Date.now() - started, frame, { before, previous }),
  );
  let summary: SyncSummary;
  try {
    summary = await waitForSync(client, connector.id, before, {
      timeoutMs,
      intervalMs: POLL_INTERVAL_MS,
      signal,
      onStatus: (status) => {
        previous = latest;
        latest = status;
        live.refresh();
      },
    });
  } finally {
    live.stop();
  }
  if (summary.state === 'failed') throw syncFailure(connector.id, summary);
  await printSyncSummary(summary, connector.id, output, { sync_id });
  return 0;
}
