import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { collectionLayout } from './collection-layout';
import { SearchEngine } from './search-engine';
import { type SearchCollection, SearchIndexWriter } from './search-index-writer';
import { SEARCH_MIGRATIONS } from './search-migrations';
import { indexInconsistencies } from './test-support/index-consistency';
import { createTestConnector } from './test-support/search-fixture';

const FIELDS = SEARCHABLE_FIELDS.tasks;

describe.each(['sqlite', 'postgres'] as const)('the search index writer on %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let writer: SearchIndexWriter;
  let engine: SearchEngine;

  beforeAll(async () => {
    location = await testStoreLocation(kind, `search_writer_${kind}`);
    store = await location.open();
    await store.migrate(SEARCH_MIGRATIONS);
    writer = new SearchIndexWriter(store.dialect);
    engine = new SearchEngine(store);
  });

  afterAll(async () => {
    await store?.close();
    await location?.cleanup();
  });

  const keyword = (connectorId: string, words: string) =>
    engine
      .search(
        { connectorId, entity: 'tasks', fields: FIELDS },
        { query: { filter: { keyword: { name: words } } } },
      )
      .then((page) => page.hits.map((hit) => hit.id).sort());

  it('inserts, rewrites only what changed, sweeps and removes, keeping the index consistent', async () => {
    const connectorId = await createTestConnector(store);
    let collection!: SearchCollection;
    const first = await store.db.transaction(async (tx) => {
      collection = await writer.collection(tx, connectorId, 'tasks', collectionLayout(FIELDS));
      return writer.upsert(
        tx,
        collection,
        [
          { gid: '1', name: 'Alpha launch' },
          { gid: '2', name: 'Beta launch' },
          { gid: '3', name: 'Gamma' },
          { name: 'no gid' },
        ],
        1,
      );
    });
    expect(first).toEqual({ inserted: 3, updated: 0, unchanged: 0, skipped: 1, coerced: 0 });
    expect(await keyword(connectorId, 'launch')).toEqual(['1', '2']);

    const second = await store.db.transaction((tx) =>
      writer.upsert(
        tx,
        collection,
        [
          { gid: '1', name: 'Alpha launch' },
          { gid: '2', name: 'Beta relaunch' },
          { gid: '4', name: 'Delta launch' },
        ],
        2,
      ),
    );
    expect(second).toEqual({ inserted: 1, updated: 1, unchanged: 1, skipped: 0, coerced: 0 });
    expect(await keyword(connectorId, 'launch')).toEqual(['1', '4']);
    expect(await keyword(connectorId, 'relaunch')).toEqual(['2']);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);

    // Generation 2 saw 1, 2 and 4: sweeping removes 3 and its words.
    expect(await store.db.transaction((tx) => writer.sweep(tx, collection, 2))).toBe(1);
    expect(await keyword(connectorId, 'gamma')).toEqual([]);
    expect(await store.db.transaction((tx) => writer.remove(tx, collection, ['4', 'missing']))).toBe(1);
    expect(await keyword(connectorId, 'launch')).toEqual(['1']);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
    const terms = await store.db.query<{ term: string }>(
      'SELECT term FROM search_terms WHERE collection_id = $1 ORDER BY term',
      [collection.id],
    );
    expect(terms.map((row) => row.term)).toEqual(['alpha', 'beta', 'launch', 'relaunch']);
  });

  it('stores text with tabs, line ends, backslashes and quotes exactly (the bulk load escapes them)', async () => {
    const connectorId = await createTestConnector(store);
    const awkward = {
      gid: 'tab\there',
      name: 'line\nbreak\r\nand\ttab \\N back\\slash "quoted" \\x41 é',
      notes: '\\\\ two backslashes\u{1F600}',
      completed: true,
      assignee: { gid: 'a\\b', resource_type: 'user' },
    };
    const collection = await store.db.transaction(async (tx) => {
      const created = await writer.collection(tx, connectorId, 'tasks', collectionLayout(FIELDS));
      await writer.upsert(tx, created, [awkward, { gid: 'plain', name: null, completed: false }], 1);
      return created;
    });
    const page = await engine.search(
      { connectorId, entity: 'tasks', fields: FIELDS },
      { query: { sort: [{ name: 'asc' }] } },
    );
    expect(page.hits.map((hit) => hit.id).sort()).toEqual(['plain', 'tab\there']);
    const hit = page.hits.find((candidate) => candidate.id === 'tab\there');
    expect(hit?.data).toMatchObject(awkward);
    const rows = await store.db.query<{ name: string; completed: unknown; assignee_gid: string }>(
      'SELECT name, completed, assignee_gid FROM search_records WHERE collection_id = $1 AND record_id = $2',
      [collection.id, 'tab\there'],
    );
    expect(rows.map((row) => [row.name, Boolean(row.completed), row.assignee_gid])).toEqual([
      [awkward.name, true, 'a\\b'],
    ]);
    expect(await keyword(connectorId, 'quoted slash')).toEqual(['tab\there']);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
  });

  it('erases a connector, postings included', async () => {
    const connectorId = await createTestConnector(store);
    const collection = await store.db.transaction(async (tx) => {
      const created = await writer.collection(tx, connectorId, 'tasks', collectionLayout(FIELDS));
      await writer.upsert(tx, created, [{ gid: '1', name: 'Erased soon' }], 1);
      return created;
    });
    await store.db.transaction((tx) => writer.eraseConnector(tx, connectorId));
    expect(
      await store.db.query('SELECT 1 FROM search_collections WHERE connector_id = $1', [connectorId]),
    ).toEqual([]);
    if (kind === 'sqlite') {
      const postings = await store.db.query(
        'SELECT rowid FROM search_postings WHERE search_postings MATCH $1',
        [`"${collection.id}:name:erased"`],
      );
      expect(postings).toEqual([]);
    }
  });
});
