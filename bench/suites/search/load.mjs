// Generates the benchmark's account into one store (a child process per store, so SQLite and
// PostgreSQL load in parallel): node load.mjs sqlite|postgres TASKS. Prints one JSON line.
import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { collectionLayout, SearchIndexWriter } from '@conduit/server';
import { countsFor, recordBatches, vocabulary } from './dataset.mjs';
import { ensureConnector, markReady, openBenchStore, resetStore } from './stores.mjs';

const [kind, tasksText] = process.argv.slice(2);
const tasks = Number(tasksText);
await resetStore(kind, tasks);
const store = await openBenchStore(kind, tasks);
if (kind === 'sqlite') {
  // A larger page cache for the load only: the indexes of a million rows do not fit the default.
  await store.db.runScript('PRAGMA cache_size = -262144');
}
const connectorId = await ensureConnector(store);
const writer = new SearchIndexWriter(store.dialect);
const counts = countsFor(tasks);
const words = vocabulary();
const started = performance.now();
let written = 0;
for (const entity of [
  'workspaces',
  'teams',
  'users',
  'tags',
  'projects',
  'sections',
  'tasks',
  'attachments',
]) {
  const layout = collectionLayout(SEARCHABLE_FIELDS[entity]);
  const collection = await store.db.transaction((tx) => writer.collection(tx, connectorId, entity, layout));
  // Large transactions: the bulk path amortises the vocabulary updates over many records.
  for (const batch of recordBatches(entity, counts, words, 10_000)) {
    await store.db.transaction((tx) => writer.upsert(tx, collection, batch, 1));
    written += batch.length;
  }
}
if (kind === 'postgres') await store.db.runScript('ANALYZE');
else await store.db.runScript('ANALYZE');
await markReady(kind, tasks, store);
await store.close();
process.stdout.write(
  `${JSON.stringify({ kind, records: written, seconds: (performance.now() - started) / 1000 })}\n`,
);
