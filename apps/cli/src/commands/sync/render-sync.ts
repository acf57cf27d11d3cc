import type { SyncSummary } from '@conduit/protocol';
import { formatSyncEntities } from '../../hosted/connector-view';
import { formatKeyValues } from '../../output/key-value';
import { spinnerFrame } from '../../output/live-block';
import type { Output } from '../../output/output';
import { padToWidth } from '../../output/text-width';

/**
 * The lines of the live view of a sync: a spinner with the state and the time waited, then one
 * line per entity synced so far.
 *
 * @example
 * ```ts
 * createLiveBlock(stderr, true, (frame) => liveSyncLines(latest, 'example', started, frame));
 * ```
 */
export function liveSyncLines(
  summary: SyncSummary | undefined,
  label: string,
  elapsedMs: number,
  frame: number,
): string[] {
  const lines = [
    `${spinnerFrame(frame)} sync of ${label}: ${summary?.state ?? 'starting'} (${(elapsedMs / 1000).toFixed(1)} s)`,
  ];
  const entities = summary?.entities ?? [];
  const width = Math.max(0, ...entities.map((entity) => entity.entity.length));
  for (const entity of entities) {
    const state =
      entity.error !== undefined
        ? `failed: ${entity.error}`
        : entity.synced_at
          ? `synced ${entity.synced_at}`
          : 'pending';
    lines.push(
      `  ${padToWidth(entity.entity, width)}  ${String(entity.records).padStart(7)} records  ${state}`,
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
