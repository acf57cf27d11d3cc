import type { SourceSyncMode } from './discovered-stream';

/** The public API's combined sync modes of a connection stream. */
export const connectionSyncModes = [
  'full_refresh_overwrite',
  'full_refresh_overwrite_deduped',
  'full_refresh_append',
  'full_refresh_update',
  'full_refresh_soft_delete',
  'incremental_append',
  'incremental_deduped_history',
  'incremental_update',
  'incremental_soft_delete',
] as const;

/** One of {@link connectionSyncModes}. */
export type ConnectionSyncMode = (typeof connectionSyncModes)[number];

/** The Config API's destination sync modes. */
export type DestinationSyncMode =
  | 'append'
  | 'overwrite'
  | 'append_dedup'
  | 'overwrite_dedup'
  | 'update'
  | 'soft_delete';

const pairs: Record<ConnectionSyncMode, [SourceSyncMode, DestinationSyncMode]> = {
  full_refresh_overwrite: ['full_refresh', 'overwrite'],
  full_refresh_overwrite_deduped: ['full_refresh', 'overwrite_dedup'],
  full_refresh_append: ['full_refresh', 'append'],
  full_refresh_update: ['full_refresh', 'update'],
  full_refresh_soft_delete: ['full_refresh', 'soft_delete'],
  incremental_append: ['incremental', 'append'],
  incremental_deduped_history: ['incremental', 'append_dedup'],
  incremental_update: ['incremental', 'update'],
  incremental_soft_delete: ['incremental', 'soft_delete'],
};

/**
 * Splits a public sync mode into the Config API's source and destination halves.
 *
 * @example
 * ```ts
 * splitSyncMode('incremental_deduped_history'); // ['incremental', 'append_dedup']
 * ```
 */
export function splitSyncMode(mode: ConnectionSyncMode): [SourceSyncMode, DestinationSyncMode] {
  return pairs[mode];
}

/**
 * Joins Config API halves back into a public sync mode, or `undefined` for an impossible pair.
 *
 * @example
 * ```ts
 * joinSyncMode('full_refresh', 'overwrite'); // 'full_refresh_overwrite'
 * ```
 */
export function joinSyncMode(source: string, destination: string): ConnectionSyncMode | undefined {
  return connectionSyncModes.find((mode) => pairs[mode][0] === source && pairs[mode][1] === destination);
}

/**
 * How a warehouse applies a sync mode: replace the table, add rows, or upsert by primary key.
 *
 * @example
 * ```ts
 * writeStrategy('incremental_deduped_history'); // 'dedup'
 * ```
 */
export function writeStrategy(mode: ConnectionSyncMode): 'overwrite' | 'append' | 'dedup' {
  const destination = pairs[mode][1];
  if (destination === 'overwrite') return 'overwrite';
  if (destination === 'append') return 'append';
  return 'dedup';
}
