// What the search table's indexes cost a write on PostgreSQL: loads TASKS tasks into a fresh
// schema, copies them aside under new ids, then times `INSERT … SELECT` of the copy with every
// index, and with groups of indexes dropped inside the same (rolled-back) transaction.
//   node sync-writer-index-cost.mjs TASKS ROUNDS      prints one JSON line
import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import {
  collectionLayout,
  migration0003SyncState,
  openStore,
  SEARCH_MIGRATIONS,
  SearchIndexWriter,
} from '@conduit/server';
import { countsFor, recordBatches, vocabulary } from '../suites/search/dataset.mjs';
import { DATABASE_URL, ensureConnector } from '../suites/search/stores.mjs';

const GIN = ['search_records_tokens', 'search_records_data', 'search_records_name_trigrams'];
const BTREE = [
  'search_records_generation',
  'search_records_name',
  'search_records_created_at',
  'search_records_modified_at',
  'search_records_due_on',
  'search_records_assignee',
  'search_records_completed',
];
const VARIANTS = {
  'every index': [],
  'without the word postings (GIN over the term map)': ['search_records_tokens'],
  'without JSON containment (GIN jsonb_path_ops over the record)': ['search_records_data'],
  'without name trigrams (GIN)': ['search_records_name_trigrams'],
  'without the three GIN indexes': GIN,
  'primary key only': [...GIN, ...BTREE],
};

const [tasksText, roundsText] = process.argv.slice(2);
const tasks = Number(tasksText);
const rounds = Number(roundsText ?? 2);
const schema = `conduit_bench_index_cost_${process.pid}`;
const store = await openStore({ databaseUrl: DATABASE_URL, databaseSchema: schema });
try {
  await store.migrate([...SEARCH_MIGRATIONS, migration0003SyncState]);
  const connectorId = await ensureConnector(store);
  const writer = new SearchIndexWriter(store.dialect);
  const collection = await store.db.transaction((tx) =>
    writer.collection(tx, connectorId, 'tasks', collectionLayout(SEARCHABLE_FIELDS.tasks)),
  );
  for (const batch of recordBatches('tasks', countsFor(tasks), vocabulary(), 10_000)) {
    await store.db.transaction((tx) => writer.upsert(tx, collection, batch, 1));
  }
  await store.db.runScript(
    `CREATE TABLE bench_copy AS SELECT * FROM search_records; UPDATE bench_copy SET record_id = record_id || 'x'; ANALYZE`,
  );
  const ms = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, dropped] of Object.entries(VARIANTS)) {
      await store.db
        .transaction(async (tx) => {
          for (const index of dropped) await tx.runScript(`DROP INDEX ${index}`);
          const started = performance.now();
          await tx.execute('INSERT INTO search_records SELECT * FROM bench_copy');
          ms[name].push(performance.now() - started);
          throw new Error('rollback');
        })
        .catch((error) => {
          if (error.message !== 'rollback') throw error;
        });
    }
  }
  process.stdout.write(`${JSON.stringify({ rows: tasks, ms })}\n`);
} finally {
  await store.db.runScript(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await store.close();
}
