import { randomBytes } from 'node:crypto';
import { type CloudSimulator, startCloudSimulator } from '@conduit/testkit';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../errors/platform-error';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformMissingResourceError } from '../errors/platform-missing-resource-error';
import { closeCheckedSimulator } from '../test-support/close-checked-simulator';
import { deployFakerConnection, simulatedWorkspace } from '../test-support/simulated-workspace';
import { postgresWarehouseReader } from './postgres-warehouse-reader';
import type { WarehouseSecretRequest } from './warehouse-reader';

const postgres = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres' };

describe('reading results back from PostgreSQL', () => {
  let sim: CloudSimulator;
  let admin: pg.Client;
  let schema: string;

  beforeAll(async () => {
    admin = new pg.Client({ ...postgres, user: postgres.username });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
  });
  beforeEach(async () => {
    schema = `cloud_${randomBytes(6).toString('hex')}`;
    sim = await startCloudSimulator({ defaultJobPlan: { pendingMs: 0, attemptDurationMs: 2_000 } });
  });
  afterEach(async () => {
    // Every request of the test is checked against the platform's official SDK spec.
    await closeCheckedSimulator(sim);
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }, 60_000);

  it('reads a synced stream as a dataset and a table, naming them as the destination does', async () => {
    const asked: WarehouseSecretRequest[] = [];
    const { workspace } = simulatedWorkspace(sim, {
      warehouseSecrets: (request) => {
        asked.push(request);
        return undefined;
      },
    });
    const { connection, destination } = await deployFakerConnection(workspace, {
      count: 25,
      tablePrefix: 'Raw-',
      destination: { destinationType: 'postgres', ...postgres, schema, password: 'unused-with-trust-auth' },
    });
    const result = await connection.runSync();
    try {
      expect(await result.getSqlDatabaseName()).toBe('test');
      expect(await result.getSqlSchemaName()).toBe(schema);
      expect(await result.getSqlTableName('users')).toBe('raw_users');
      // The API masks the password; the reader asked the resolver for it.
      expect(asked).toEqual([
        { destinationId: destination.destinationId, destinationType: 'postgres', field: 'password' },
      ]);

      const dataset = await result.getDataset('users');
      const users = [];
      for await (const row of dataset) users.push(row);
      const direct = await admin.query(`SELECT * FROM "${schema}"."raw_users" ORDER BY id`);
      expect(users).toHaveLength(25);
      expect(users.sort((a, b) => Number(a.id) - Number(b.id))).toEqual(direct.rows);
      expect(await dataset.count()).toBe(25);
      expect(dataset.tableName).toBe('raw_users');

      const table = await result.getSqlTable('users');
      expect(table).toMatchObject({ name: 'raw_users', schema, databaseName: 'test' });
      expect(table.qualifiedName).toBe(`"${schema}"."raw_users"`);
      const columns = await table.getColumns();
      expect(columns.slice(0, 4).map((column) => column.name)).toEqual([
        '_airbyte_raw_id',
        '_airbyte_extracted_at',
        '_airbyte_meta',
        '_airbyte_generation_id',
      ]);
      expect(columns).toContainEqual({ name: 'id', dataType: 'bigint' });
      const firstThree = [];
      for await (const row of table.select({ columns: ['id', 'name'], orderBy: ['id'], limit: 3 }))
        firstThree.push(row);
      expect(firstThree).toEqual(direct.rows.slice(0, 3).map((row) => ({ id: row.id, name: row.name })));
      expect(() => table.select({ limit: -1 })).toThrow(PlatformInputError);

      const engine = await result.getSqlEngine();
      expect(engine.dialect).toBe('postgres');
      const [count] = await engine.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${table.qualifiedName} WHERE id > $1`,
        [20],
      );
      expect(count?.n).toBe('5');

      const streams = await result.getStreams();
      expect([...streams.keys()].sort()).toEqual(['products', 'purchases', 'users']);
      expect(await streams.get('products')?.count()).toBeGreaterThan(0);
    } finally {
      await result.closeSqlCache();
    }
  });

  it('streams big tables in batches through a server-side cursor, and stops cleanly on break', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const { connection } = await deployFakerConnection(workspace, {
      count: 2_500,
      streams: ['users'],
      destination: { destinationType: 'postgres', ...postgres, schema },
    });
    const result = await connection.runSync();
    const cache = await result.getSqlCache();
    try {
      const dataset = await cache.getDataset('users');
      let seen = 0;
      let highest = 0;
      for await (const row of dataset.rows({ batchSize: 300, columns: ['id'], orderBy: ['id'] })) {
        seen += 1;
        expect(Number(row.id)).toBeGreaterThan(highest);
        highest = Number(row.id);
      }
      expect(seen).toBe(2_500);

      let taken = 0;
      for await (const _row of dataset.rows({ batchSize: 10 })) {
        taken += 1;
        if (taken === 15) break;
      }
      expect(taken).toBe(15);
      // The connection went back to the pool with its transaction closed: it is usable again.
      const engine = await cache.getEngine();
      expect(await engine.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);

      const controller = new AbortController();
      const aborted = (async () => {
        for await (const _row of dataset.rows({ batchSize: 5, signal: controller.signal }))
          controller.abort(new Error('enough'));
      })();
      await expect(aborted).rejects.toThrow('enough');
      expect(await engine.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    } finally {
      await cache.close();
      await cache.close();
    }
  });

  it('reports a stream without a table, and destinations it cannot read', async () => {
    const { workspace } = simulatedWorkspace(sim);
    const { connection } = await deployFakerConnection(workspace, {
      streams: ['users'],
      destination: { destinationType: 'postgres', ...postgres, schema },
    });
    const result = await connection.runSync();
    try {
      const error = await result.getSqlTable('products').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformMissingResourceError);
      expect(error).toMatchObject({ resourceType: 'table', resourceId: `${schema}.products` });
    } finally {
      await result.closeSqlCache();
    }

    const { connection: nowhere } = await deployFakerConnection(workspace, { name: 'to dev-null' });
    const devNull = await nowhere.runSync();
    const unsupported = await devNull.getSqlCache().catch((caught: unknown) => caught);
    expect(unsupported).toBeInstanceOf(PlatformError);
    expect(unsupported).toMatchObject({ code: 'unsupported_destination' });
    expect((unsupported as Error).message).toContain('duckdb, motherduck, postgres');
  });

  it('needs host, database and username', async () => {
    const context = { resolveSecret: async () => undefined, duckdbLocalRoot: '/tmp' };
    await expect(
      postgresWarehouseReader(
        { destinationId: 'd', name: 'pg', destinationType: 'postgres', configuration: { host: 'h' } },
        context,
      ),
    ).rejects.toThrow(/lacks database, username/);
    const reader = await postgresWarehouseReader(
      {
        destinationId: 'd',
        name: 'pg',
        destinationType: 'postgres',
        configuration: { ...postgres, schema: 'Analytics-2024' },
      },
      context,
    );
    expect(reader).toMatchObject({ kind: 'postgres', databaseName: 'test', defaultSchema: 'analytics_2024' });
    expect(reader.normalizeIdentifier('x'.repeat(70))).toHaveLength(63);
  });
});
