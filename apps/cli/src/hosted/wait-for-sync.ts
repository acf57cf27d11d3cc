import type { HostedClient } from '@conduit/hosted';
import type { SyncSummary } from '@conduit/protocol';
import { abortableSleep } from '../framework/abortable-sleep';
import { CliError } from '../framework/cli-error';
import { EXIT_CODES } from '../framework/exit-codes';

/** Options of {@link waitForSync}. */
export interface WaitForSyncOptions {
  readonly timeoutMs: number;
  /** Time between two status reads. */
  readonly intervalMs: number;
  readonly signal: AbortSignal;
  /** Receives every status read (for a live display). */
  readonly onStatus?: (summary: SyncSummary) => void;
  readonly now?: () => number;
}

function fingerprint(summary: SyncSummary): string {
  return JSON.stringify([summary.last_success_at, summary.entities]);
}

/**
 * Waits for the sync started after `before` was read to end, reading the status every
 * `intervalMs`. The status carries no sync id, so the end is recognised as: not `running` any
 * more, after having been seen `running` or after the summary changed (a sync may start and
 * finish between two reads). Resolves to the last summary, `idle` or `failed`; the wait running
 * out is an upstream failure (exit 7) that says the sync goes on.
 *
 * @example
 * ```ts
 * const before = await client.getSyncStatus(id);
 * await client.triggerSync(id);
 * const summary = await waitForSync(client, id, before, { timeoutMs: 600_000, intervalMs: 500, signal });
 * ```
 */
export async function waitForSync(
  client: HostedClient,
  connectorId: string,
  before: SyncSummary,
  options: WaitForSyncOptions,
): Promise<SyncSummary> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  const initial = fingerprint(before);
  let seenRunning = false;
  for (;;) {
    const summary = await client.getSyncStatus(connectorId, { signal: options.signal });
    options.onStatus?.(summary);
    if (summary.state === 'running') seenRunning = true;
    else if (seenRunning || fingerprint(summary) !== initial) return summary;
    if (now() >= deadline) {
      throw new CliError(
        `the sync of connector ${connectorId} did not finish within ${Math.round(options.timeoutMs / 1000)} s (it goes on)`,
        {
          code: 'sync_timeout',
          exitCode: EXIT_CODES.upstream,
          hint: `follow it with: conduit sync status ${connectorId}`,
        },
      );
    }
    await abortableSleep(Math.min(options.intervalMs, Math.max(0, deadline - now())), options.signal);
  }
}

/**
 * The error for a sync that ended `failed`: exit 7, one detail per entity that failed.
 *
 * @example
 * ```ts
 * if (summary.state === 'failed') throw syncFailure(connectorId, summary);
 * ```
 */
export function syncFailure(connectorId: string, summary: SyncSummary): CliError {
  const failed = summary.entities.filter((entity) => entity.error !== undefined);
  return new CliError(
    `the sync of connector ${connectorId} failed${failed.length > 0 ? ` for ${failed.map((entity) => entity.entity).join(', ')}` : ''}`,
    {
      code: 'sync_failed',
      exitCode: EXIT_CODES.upstream,
      details: failed.map((entity) => ({
        field: entity.entity,
        message: entity.error!,
        error_code: 'sync_failed',
      })),
    },
  );
}
