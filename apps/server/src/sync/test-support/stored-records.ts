import type { Store } from '../../store/store';
import type { ExpectedRecords } from './expected-records';

/**
 * The record ids a connector holds in the search tables, per entity, sorted (duplicates kept, so a
 * comparison with the expected ids also proves there are none).
 *
 * @example
 * ```ts
 * expect(await storedRecords(store, connectorId)).toEqual(expectedRecords(sim.data).records);
 * ```
 */
export async function storedRecords(store: Store, connectorId: string): Promise<ExpectedRecords> {
  const rows = await store.db.query<{ entity: string; record_id: string }>(
    `SELECT c.entity, r.record_id FROM search_records r JOIN search_collections c ON c.id = r.collection_id
     WHERE c.connector_id = $1`,
    [connectorId],
  );
  const result: ExpectedRecords = {
    workspaces: [],
    teams: [],
    users: [],
    tags: [],
    projects: [],
    sections: [],
    tasks: [],
    attachments: [],
  };
  for (const row of rows) result[row.entity as keyof ExpectedRecords].push(row.record_id);
  for (const list of Object.values(result)) list.sort();
  return result;
}
