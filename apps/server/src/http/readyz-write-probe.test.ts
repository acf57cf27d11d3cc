import { randomBytes } from 'node:crypto';
import { ErrorBodySchema } from '@conduit/protocol';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store';
import type { Store } from '../store/store';
import { TEST_DATABASE_URL } from '../test-support/postgres-test-schema';
import { serveBareApp } from '../test-support/serve-bare-app';
import { type StoreKind, testStoreLocation } from '../test-support/test-app';

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The same store, opened so it answers reads and refuses every write: on SQLite the connection
 * switched to `query_only` (SQLite's read-only mode, the SQLITE_READONLY of a read-only file or a
 * full disk's SQLITE_FULL alike: each write fails, each read works); on PostgreSQL a role that may
 * only SELECT.
 */
async function readOnlyStore(
  kind: StoreKind,
  store: Store,
  schema: string | undefined,
  cleanups: (() => Promise<void>)[],
): Promise<Store> {
  if (kind === 'sqlite') {
    await store.db.execute('PRAGMA query_only = ON');
    return store;
  }
  const role = `conduit_ro_${randomBytes(6).toString('hex')}`;
  await asAdmin(
    `CREATE ROLE ${role} LOGIN; GRANT USAGE ON SCHEMA "${schema}" TO ${role}; GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO ${role}`,
  );
  cleanups.push(() => asAdmin(`DROP OWNED BY ${role}; DROP ROLE ${role}`));
  const url = new URL(TEST_DATABASE_URL);
  url.username = role;
  const readOnly = await openStore({ databaseUrl: url.href, databaseSchema: schema });
  cleanups.push(() => readOnly.close());
  return readOnly;
}

describe.each<StoreKind>(['sqlite', 'postgres'])('/readyz over %s (issue 28, finding 12)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers 503 store_not_writable for a store that answers reads but refuses writes', async () => {
    const location = await testStoreLocation(kind, 'readyz_write');
    cleanups.push(() => location.cleanup());
    const store = await location.open();
    cleanups.push(() => store.close());
    await store.migrate();
    const writable = await serveBareApp(store);
    cleanups.push(() => writable.close());
    expect((await fetch(`${writable.url}/readyz`)).status).toBe(200);

    const readOnly = await readOnlyStore(kind, store, location.schema, cleanups);
    // It still answers reads: a ping alone called it ready.
    await readOnly.ping();
    const server = readOnly === store ? writable : await serveBareApp(readOnly);
    if (server !== writable) cleanups.push(() => server.close());
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    const body = ErrorBodySchema.parse(await ready.json());
    expect(body.errors[0]?.error_code).toBe('store_not_writable');
    expect(JSON.stringify(body)).not.toMatch(/readonly|permission denied|SQLITE/i);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
