import { afterEach, describe, expect, it } from 'vitest';
import { type StoreKind, type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { MIGRATIONS } from './migrations/index';
import type { Migration } from './migrations/migration';
import { SqlStore } from './sql-store';

const extra: Migration = {
  version: 900,
  name: 'test-notes',
  sqlite: 'CREATE TABLE test_notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)',
  postgres: 'CREATE TABLE test_notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)',
};

describe.each<StoreKind>(['sqlite', 'postgres'])('migrations on %s', (kind) => {
  let location: TestStoreLocation | undefined;
  afterEach(async () => {
    await location?.cleanup();
    location = undefined;
  });

  it('applies every migration once, records it, and applies nothing on the next start', async () => {
    location = await testStoreLocation(kind, 'migrate');
    const store = await location.open();
    try {
      expect(await store.migrate()).toEqual({ applied: MIGRATIONS.map((m) => m.version), unknown: [] });
      expect(await store.migrate()).toEqual({ applied: [], unknown: [] });
      const recorded = await store.db.query<{ version: unknown; name: string }>(
        'SELECT version, name FROM schema_migrations ORDER BY version',
      );
      expect(recorded.map((row) => [Number(row.version), row.name])).toEqual(
        MIGRATIONS.map((m) => [m.version, m.name]),
      );
    } finally {
      await store.close();
    }
    const reopened = await location.open();
    try {
      expect(await reopened.migrate()).toEqual({ applied: [], unknown: [] });
      // A feature's migration is applied on top, once.
      expect((await reopened.migrate([extra])).applied).toEqual([900]);
      expect((await reopened.migrate([extra])).applied).toEqual([]);
      await reopened.db.execute('INSERT INTO test_notes (id, body) VALUES ($1, $2)', ['n1', 'hello']);
      // An older server that does not know 900 reports it instead of failing.
      expect(await reopened.migrate()).toEqual({ applied: [], unknown: [900] });
    } finally {
      await reopened.close();
    }
  });

  it('refuses to start when an applied migration was edited', async () => {
    location = await testStoreLocation(kind, 'edited');
    const store = await location.open();
    try {
      await store.migrate([extra]);
      const edited = new SqlStore(store.db, [
        ...MIGRATIONS,
        { ...extra, sqlite: `${extra.sqlite};`, postgres: `${extra.postgres};` },
      ]);
      await expect(edited.migrate()).rejects.toThrow(/migration 900 \(test-notes\) was changed/);
    } finally {
      await store.close();
    }
  });

  it('rolls back a failing migration entirely', async () => {
    location = await testStoreLocation(kind, 'failing');
    const store = await location.open();
    try {
      await store.migrate();
      const broken: Migration = {
        version: 901,
        name: 'broken',
        sqlite: 'CREATE TABLE half_done (id TEXT); CREATE TABLE applications (id TEXT)',
        postgres: 'CREATE TABLE half_done (id TEXT); CREATE TABLE applications (id TEXT)',
      };
      await expect(store.migrate([broken])).rejects.toThrow();
      const tables =
        kind === 'sqlite'
          ? await store.db.query("SELECT name FROM sqlite_master WHERE name = 'half_done'")
          : await store.db.query(
              "SELECT tablename FROM pg_tables WHERE tablename = 'half_done' AND schemaname = $1",
              [location.schema],
            );
      expect(tables).toEqual([]);
      expect((await store.migrate()).applied).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('migration list', () => {
  it('has increasing versions and SQL for both dialects', () => {
    const versions = MIGRATIONS.map((migration) => migration.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    for (const migration of MIGRATIONS) {
      expect(migration.sqlite.trim()).not.toBe('');
      expect(migration.postgres.trim()).not.toBe('');
    }
  });
});
