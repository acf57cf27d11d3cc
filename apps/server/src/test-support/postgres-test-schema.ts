import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL the tests run against: `CONDUIT_TEST_DATABASE_URL`, else the local server of the
 * development machine and CI (`./run test` starts it).
 */
export const TEST_DATABASE_URL =
  process.env.CONDUIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A unique schema name for one test file, so test files (and parallel runs) never share tables.
 *
 * @example
 * ```ts
 * const schema = uniqueSchemaName('http');
 * ```
 */
export function uniqueSchemaName(label: string): string {
  return `conduit_test_${label.replaceAll(/[^a-z0-9]/g, '_')}_${randomBytes(6).toString('hex')}`;
}

/**
 * Drops a test schema and everything in it.
 *
 * @example
 * ```ts
 * afterAll(() => dropSchema(schema));
 * ```
 */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE`);
  } finally {
    await client.end();
  }
}
