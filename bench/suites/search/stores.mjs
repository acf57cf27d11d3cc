// Where the search benchmark keeps its generated stores between runs: a SQLite file under /tmp
// and a schema of the local PostgreSQL, each marked with the dataset's version once complete.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  migration0003SyncState,
  openStore,
  PostgresDatabase,
  registerApplication,
  SEARCH_MIGRATIONS,
} from '@conduit/server';

export const DATABASE_URL =
  process.env.CONDUIT_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const CONNECTOR_ID = 'bench-search-connector';
const CACHE_ROOT = '/tmp/conduit-bench-search';

/** Changes whenever the dataset generator or the store's search schema changes. */
export function datasetVersion(kind, tasks) {
  const generator = readFileSync(join(import.meta.dirname, 'dataset.mjs'), 'utf8');
  const schema = [...SEARCH_MIGRATIONS, migration0003SyncState]
    .map((migration) => migration[kind])
    .join('\n');
  return createHash('sha256').update(`${tasks}\n${generator}\n${schema}`).digest('hex').slice(0, 16);
}

export function sqliteDir(tasks) {
  return join(CACHE_ROOT, `sqlite-${tasks}`);
}

export function schemaName(tasks) {
  return `conduit_bench_search_${tasks}`;
}

/** Opens the benchmark store of a kind (creating and migrating it if needed). */
export async function openBenchStore(kind, tasks) {
  const store =
    kind === 'sqlite'
      ? await openStore({ dataDir: sqliteDir(tasks) })
      : await openStore({ databaseUrl: DATABASE_URL, databaseSchema: schemaName(tasks) });
  await store.migrate([...SEARCH_MIGRATIONS, migration0003SyncState]);
  return store;
}

/** Whether a complete store of this version exists. */
export async function isReady(kind, tasks) {
  const version = datasetVersion(kind, tasks);
  if (kind === 'sqlite') {
    const marker = join(sqliteDir(tasks), 'ready.json');
    return existsSync(marker) && JSON.parse(readFileSync(marker, 'utf8')).version === version;
  }
  const db = new PostgresDatabase({ connectionString: DATABASE_URL });
  try {
    const rows = await db.query(
      `SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'bench_marker'`,
      [schemaName(tasks)],
    );
    if (rows.length === 0) return false;
    const marker = await db.query(`SELECT version FROM "${schemaName(tasks)}".bench_marker`);
    return marker[0]?.version === version;
  } finally {
    await db.close();
  }
}

/** Removes a store so it can be generated again. */
export async function resetStore(kind, tasks) {
  if (kind === 'sqlite') {
    rmSync(sqliteDir(tasks), { recursive: true, force: true });
    mkdirSync(sqliteDir(tasks), { recursive: true });
    return;
  }
  const db = new PostgresDatabase({ connectionString: DATABASE_URL });
  try {
    await db.runScript(`DROP SCHEMA IF EXISTS "${schemaName(tasks)}" CASCADE`);
  } finally {
    await db.close();
  }
}

/** Marks a store complete. */
export async function markReady(kind, tasks, store) {
  const version = datasetVersion(kind, tasks);
  if (kind === 'sqlite') {
    writeFileSync(join(sqliteDir(tasks), 'ready.json'), JSON.stringify({ version, tasks }));
    return;
  }
  await store.db.runScript('CREATE TABLE IF NOT EXISTS bench_marker (version TEXT NOT NULL)');
  await store.db.execute('DELETE FROM bench_marker');
  await store.db.execute('INSERT INTO bench_marker (version) VALUES ($1)', [version]);
}

/** The connector row the benchmark's records belong to. */
export async function ensureConnector(store) {
  const existing = await store.db.query('SELECT id FROM connectors WHERE id = $1', [CONNECTOR_ID]);
  if (existing.length > 0) return CONNECTOR_ID;
  const application = await registerApplication(store, {});
  const now = new Date().toISOString();
  await store.insertConnector({
    id: CONNECTOR_ID,
    applicationId: application.applicationId,
    externalUserId: 'bench',
    connectorType: 'task-management',
    name: 'search benchmark',
    status: 'active',
    config: {},
    credentials: { ciphertext: Buffer.from('unused'), keyId: 'bench', nonce: Buffer.alloc(12) },
    createdAt: now,
    updatedAt: now,
  });
  return CONNECTOR_ID;
}
