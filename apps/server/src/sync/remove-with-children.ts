import type { SyncPlan } from '@conduit/connector-kit';
import type { SearchCollection, SearchIndexWriter } from '../search/search-index-writer';
import type { SqlExecutor } from '../store/sql-database';

/**
 * Deletes records of `entity` from a connector's copy together with the records that belong to
 * them alone: for every listing of the plan under that entity that declares `parentField` (e.g.
 * a task's attachments and subtasks), the records naming a deleted id there, and so on down. Used wherever
 * a record is known to be gone before a full run's sweep (a change stream's deletion, a tombstone,
 * a parent that 404s mid-run). Returns how many records were deleted.
 *
 * @example
 * ```ts
 * await removeWithChildren(tx, { writer, plan, collectionOf }, 'tasks', [deletedTaskGid]);
 * ```
 */
export async function removeWithChildren(
  tx: SqlExecutor,
  deps: {
    readonly writer: SearchIndexWriter;
    readonly plan: SyncPlan;
    readonly collectionOf: (tx: SqlExecutor, entity: string) => Promise<SearchCollection>;
  },
  entity: string,
  ids: readonly string[],
): Promise<number> {
  const { writer, plan, collectionOf } = deps;
  let removed = 0;
  const pending: [string, readonly string[]][] = [[entity, ids]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [parentEntity, parents] = next;
    if (parents.length === 0) continue;
    removed += await writer.remove(tx, await collectionOf(tx, parentEntity), parents);
    for (const listing of Object.values(plan.listings)) {
      if (listing.parentEntity !== parentEntity || listing.parentField === undefined) continue;
      const collection = await collectionOf(tx, listing.entity);
      // Records removed above are gone from the table, so a listing under its own entity (subtasks)
      // finds only the next level down and the walk ends.
      const children = await writer.recordIdsWhere(tx, collection, listing.parentField, parents);
      if (children.length > 0) pending.push([listing.entity, children]);
    }
  }
  return removed;
}
