import type { SyncSummary } from '@conduit/protocol';

/**
 * The summary of a connector nothing has synced yet: `idle`, no success, no entities. What a
 * connector shows until a sync feature reports otherwise.
 *
 * @example
 * ```ts
 * const sync = summaries.get(connector.id) ?? idleSyncSummary();
 * ```
 */
export function idleSyncSummary(): SyncSummary {
  return { state: 'idle', last_success_at: null, entities: [] };
}
