import { randomUUID } from 'node:crypto';
import type { SearchFieldType } from '@conduit/protocol';
import { registerApplication } from '../../services/applications';
import type { Store } from '../../store/store';
import { collectionLayout } from '../collection-layout';
import { type SearchCollection, SearchIndexWriter } from '../search-index-writer';

/**
 * Creates an application and a connector row (the search tables reference connectors), for tests
 * that write synced records directly.
 *
 * @example
 * ```ts
 * const connectorId = await createTestConnector(store);
 * ```
 */
export async function createTestConnector(store: Store, externalUserId = 'search-user'): Promise<string> {
  const application = await registerApplication(store, {});
  const id = randomUUID();
  const now = new Date().toISOString();
  await store.insertConnector({
    id,
    applicationId: application.applicationId,
    externalUserId,
    connectorType: 'task-management',
    name: 'search test',
    status: 'active',
    config: {},
    credentials: { ciphertext: Buffer.from('x'), keyId: 'test', nonce: Buffer.alloc(12) },
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/**
 * Writes records into a connector's collection of an entity, in one transaction.
 *
 * @example
 * ```ts
 * await writeRecords(store, connectorId, 'tasks', SEARCHABLE_FIELDS.tasks, records, 1);
 * ```
 */
export async function writeRecords(
  store: Store,
  connectorId: string,
  entity: string,
  fields: Readonly<Record<string, SearchFieldType>>,
  records: readonly unknown[],
  generation = 1,
): Promise<SearchCollection> {
  const writer = new SearchIndexWriter(store.dialect);
  return store.db.transaction(async (tx) => {
    const collection = await writer.collection(tx, connectorId, entity, collectionLayout(fields));
    await writer.upsert(tx, collection, records, generation);
    return collection;
  });
}
