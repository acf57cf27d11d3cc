import type { SyncSummary } from '@conduit/protocol';
import { formatSyncEntities } from '../../hosted/connector-view';
import { formatKeyValues } from '../../output/key-value';
import { spinnerFrame } from '../../output/live-block';
import type { Output } from '../../output/output';
import { displayWidth, padToWidth } from '../../output/text-width';

/** What the live view compares the latest read with. */
export interface SyncProgressBaseline {
  /** The summary read before the sync was started. */
  readonly before: SyncSummary | undefined;
  /** The read before the latest one. */
  readonly previous: SyncSummary | undefined;
}

function recordsOf(summary: SyncSummary | undefined, entity: string): number | undefined {
  return summary?.entities.find((candidate) => candidate.entity === entity)?.records;
}

function signed(count: number): string {
  return count >= 0 ? `+${count}` : String(count);
}

/**
 * What one entity is doing, from what the status says and how its count moved. The service sets
 * `synced_at` only when the whole run ends, so while a sync runs an entity is `syncing` when its
 * count moved since the previous read, `fetched` when it moved earlier in this run and has stopped,
 * and `waiting` when it has not moved yet.
 */
function entityState(
  summary: SyncSummary,
  entity: SyncSummary['entities'][number],
  baseline: SyncProgressBaseline,
): string {
  if (entity.error !== undefined) return `failed: ${entity.error}`;
  if (summary.state !== 'running') return entity.synced_at ? `synced ${entity.synced_at}` : 'not synced';
  const sinceStart = entity.records - (recordsOf(baseline.before, entity.entity) ?? 0);
  const previous = recordsOf(baseline.previous, entity.entity);
  const moving = previous === undefined ? sinceStart !== 0 : entity.records !== previous;
  if (moving) return `syncing, ${signed(sinceStart)} this run`;
  if (sinceStart !== 0) return `fetched, ${signed(sinceStart)} this run`;
  return entity.synced_at ? `waiting (last synced ${entity.synced_at})` : 'waiting';
}

/**
 * The lines of the live view of a sync: a spinner with the state and the time waited, then one
 * line per entity with its count and what it is doing (see `baseline`).
 *
 * @example
 * ```ts
 * createLiveBlock(stderr, true, (frame) => liveSyncLines(latest, 'example', started, frame, { before, previous }));
 * ```
 */
export function liveSyncLines(
  summary: SyncSummary | undefined,
  label: string,
  elapsedMs: number,
  frame: number,
  baseline: SyncProgressBaseline = { before: undefined, previous: undefined },
): string[] {
  const lines = [
    `${spinnerFrame(frame)} sync of ${label}: ${summary?.state ?? 'starting'} (${(elapsedMs / 1000).toFixed(1)} s)`,
  ];
  if (!summary) return lines;
  const width = Math.max(0, ...summary.entities.map((entity) => displayWidth(entity.entity)));
  for (const entity of summary.entities) {
    lines.push(
      `  ${padToWidth(entity.entity, width)}  ${String(entity.records).padStart(7)} records  ${entityState(summary, entity, baseline)}`,
    );
  }
  return lines;
}

/**
 * Prints a connector's sync summary: state and last success, then the entity table (or the
 * summary as JSON, with the connector id and any extra fields).
 *
 * @example
 * ```ts
 * await printSyncSummary(summary, connector.id, output);
 * ```
 */
export async function printSyncSummary(
  summary: SyncSummary,
  connectorId: string,
  output: Output,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (output.json) {
    await output.printJson({ connector_id: connectorId, ...extra, ...summary });
    return;
  }
  const records = summary.entities.reduce((sum, entity) => sum + entity.records, 0);
  await output.write(
    formatKeyValues(
      [
        ['connector', connectorId],
        ...Object.entries(extra).map(([key, value]) => [key, String(value)] as [string, string]),
        ['state', summary.state],
        ['last synced', summary.last_success_at ?? 'never'],
        ['records', String(records)],
      ],
      output.style,
    ),
  );
  const table = formatSyncEntities(summary, output);
  if (table !== '') await output.write(`\n${table}`);
}
