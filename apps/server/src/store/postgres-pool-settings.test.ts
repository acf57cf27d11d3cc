import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from '../test-support/postgres-test-schema';
import { openStore } from './open-store';

describe('PostgreSQL pool settings', () => {
  const schema = uniqueSchemaName('pool');
  afterAll(() => dropSchema(schema));

  it('sizes the pool and stops a statement at the configured timeout', async () => {
    const store = await openStore({
      databaseUrl: TEST_DATABASE_URL,
      databaseSchema: schema,
      poolSize: 3,
      statementTimeoutMs: 200,
    });
    try {
      await store.migrate();
      expect(store.db.poolStats?.()).toMatchObject({ max: 3 });
      // 57014 (query_canceled) is the statement timeout's own answer: a sleep left to run would
      // succeed, so no stopwatch is needed (a loaded machine overran a 4 s one).
      await expect(store.db.query('SELECT pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
      // Five queries at once on three connections: some wait, all finish.
      const waits = await Promise.all(
        Array.from({ length: 5 }, () => store.db.query<{ n: number }>('SELECT 1 AS n')),
      );
      expect(waits.map((rows) => rows[0]!.n)).toEqual([1, 1, 1, 1, 1]);
      expect(store.db.poolStats!().total).toBeLessThanOrEqual(3);
    } finally {
      await store.close();
    }
  });
});
