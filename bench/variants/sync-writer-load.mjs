// One measured load of the sync writer:
//   node sync-writer-load.mjs sqlite|postgres TASKS RECORDS_PER_TX [path of another build's dist/index.js]
// Writes the search benchmark's synthetic account (every entity, search/dataset.mjs) into a fresh
// store through `SearchIndexWriter.upsert`, RECORDS_PER_TX records per transaction (one upsert each,
// as a group commit of that many records makes it), and prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SEARCHABLE_FIELDS } from '@conduit/asana/records';
import { countsFor, recordBatches, vocabulary } from '../suites/search/dataset.mjs';
import { DATABASE_URL, ensureConnector } from '../suites/search/stores.mjs';

const [kind, tasksText, perTxText, serverModule] = process.argv.slice(2);
// A built server of another commit may be given, to compare write paths in one run.
const { collectionLayout, migration0003SyncState, openStore, SEARCH_MIGRATIONS, SearchIndexWriter } =
  await import(serverModule ? pathToFileURL(serverModule).href : '@conduit/server');
const tasks = Number(tasksText);
const perTx = Number(perTxText);
const dir = mkdtempSync(join(tmpdir(), 'conduit-bench-writer-'));
const schema = `conduit_bench_writer_${process.pid}`;
const store =
  kind === 'sqlite'
    ? await openStore({ dataDir: dir })
    : await openStore({ databaseUrl: DATABASE_URL, databaseSchema: schema });
try {
  await store.migrate([...SEARCH_MIGRATIONS, migration0003SyncState]);
  const connectorId = await ensureConnector(store);
  const writer = new SearchIndexWriter(store.dialect);
  const counts = countsFor(tasks);
  const words = vocabulary();
  let records = 0;
  let transactions = 0;
  let busy = 0;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const entity of Object.keys(counts)) {
    const layout = collectionLayout(SEARCHABLE_FIELDS[entity]);
    const collection = await store.db.transaction((tx) => writer.collection(tx, connectorId, entity, layout));
    for (const batch of recordBatches(entity, counts, words, perTx)) {
      const begin = performance.now();
      await store.db.transaction((tx) => writer.upsert(tx, collection, batch, 1));
      busy += performance.now() - begin;
      records += batch.length;
      transactions += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  process.stdout.write(
    `${JSON.stringify({ kind, tasks, perTx, records, transactions, seconds, writeSeconds: busy / 1000, clientCpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`,
  );
} finally {
  if (kind === 'postgres') await store.db.runScript(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
