import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestStoreLocation, testStoreLocation } from '../../test-support/test-app';
import type { SqlStore } from '../sql-store';
import type { Store } from '../store';

describe('migration 8 (unlogged rate limits) on PostgreSQL', () => {
  let location: TestStoreLocation;
  let store: Store;

  beforeAll(async () => {
    location = await testStoreLocation('postgres', 'unlogged-rate-limits');
    store = await location.open();
    await store.migrate();
  });

  afterAll(async () => {
    await store?.close();
    await location?.cleanup();
  });

  it('keeps the rate-limit windows in an unlogged table, which still counts claims', async () => {
    const [table] = await (store as SqlStore).db.query<{ relpersistence: string }>(
      "SELECT relpersistence FROM pg_class WHERE oid = 'rate_limit_windows'::regclass",
    );
    expect(table?.relpersistence).toBe('u');
    expect(await store.hitRateLimit('app:a', 60_000, 100)).toBe(100);
    expect(await store.hitRateLimit('app:a', 60_000, 100)).toBe(200);
    // A new window clears the bucket's old ones.
    expect(await store.hitRateLimit('app:a', 120_000, 1)).toBe(1);
    expect(await (store as SqlStore).db.query('SELECT window_start FROM rate_limit_windows')).toEqual([
      { window_start: expect.anything() },
    ]);
  });
});
