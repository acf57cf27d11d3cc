import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callCloud, deployFakerConnection } from './cloud-test-client';
import { fakerRecords } from './faker-source';
import { type CloudSimulator, startCloudSimulator } from './start-cloud-simulator';

const postgres = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres' };

/** Runs a sync to completion and returns the final job. */
async function sync(
  sim: CloudSimulator,
  connectionId: string,
  jobType = 'sync',
): Promise<Record<string, unknown>> {
  const created = await callCloud(sim, 'POST', '/jobs', { body: { connectionId, jobType } });
  expect(created.status).toBe(200);
  sim.clock.advance(1_000);
  return (await callCloud(sim, 'GET', `/jobs/${(created.body as { jobId: number }).jobId}`)).body as Record<
    string,
    unknown
  >;
}

describe('PostgreSQL destination writes', () => {
  let sim: CloudSimulator;
  let client: pg.Client;
  let schema: string;

  beforeAll(async () => {
    client = new pg.Client({ ...postgres, user: postgres.username });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });
  beforeEach(async () => {
    schema = `sim_${randomBytes(6).toString('hex')}`;
    sim = await startCloudSimulator({ defaultJobPlan: { pendingMs: 0, attemptDurationMs: 100 } });
  });
  afterEach(async () => {
    await sim.close();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });

  const rows = async (table: string, order = 'id'): Promise<Array<Record<string, unknown>>> =>
    (await client.query(`SELECT * FROM "${schema}"."${table}" ORDER BY ${order}`)).rows;

  it('writes final tables named prefix + stream with the platform meta columns', async () => {
    const { connectionId } = await deployFakerConnection(sim, {
      count: 5,
      prefix: 'Raw-',
      destination: { destinationType: 'postgres', ...postgres, schema, password: 'unused' },
    });
    const job = await sync(sim, connectionId);
    expect(job).toMatchObject({ status: 'succeeded', rowsSynced: 15 });

    const tables = await client.query(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [schema],
    );
    expect(tables.rows.map((row: { table_name: string }) => row.table_name)).toEqual([
      'raw_products',
      'raw_purchases',
      'raw_users',
    ]);

    const columns = await client.query(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'raw_users' ORDER BY ordinal_position`,
      [schema],
    );
    expect(columns.rows.slice(0, 4)).toEqual([
      { column_name: '_airbyte_raw_id', data_type: 'character varying' },
      { column_name: '_airbyte_extracted_at', data_type: 'timestamp with time zone' },
      { column_name: '_airbyte_meta', data_type: 'jsonb' },
      { column_name: '_airbyte_generation_id', data_type: 'bigint' },
    ]);
    expect(
      Object.fromEntries(
        columns.rows.map((row: { column_name: string; data_type: string }) => [
          row.column_name,
          row.data_type,
        ]),
      ),
    ).toMatchObject({
      id: 'bigint',
      name: 'character varying',
      age: 'bigint',
      address: 'jsonb',
      created_at: 'timestamp with time zone',
    });

    const users = await rows('raw_users');
    const expected = fakerRecords('users', { count: 5, seed: 7 });
    expect(users).toHaveLength(5);
    expect(users[0]).toMatchObject({
      id: '1',
      name: expected[0]?.name,
      email: expected[0]?.email,
      address: expected[0]?.address,
      _airbyte_meta: { sync_id: job.jobId, changes: [] },
      _airbyte_generation_id: '1',
    });
    expect(users[0]?.created_at).toEqual(new Date(String(expected[0]?.created_at)));
    expect(users[0]?._airbyte_extracted_at).toEqual(new Date('2026-01-02T03:04:05.000Z'));
    expect(new Set(users.map((user) => user._airbyte_raw_id)).size).toBe(5);
    expect(sim.state.logText(job.jobId as number)).toContain(`Wrote 5 records to ${schema}.raw_users`);
  });

  it('overwrites, appends and deduplicates according to each stream sync mode', async () => {
    const { connectionId, sourceId } = await deployFakerConnection(sim, {
      count: 5,
      destination: { destinationType: 'postgres', ...postgres, schema },
      streams: [
        { name: 'users', syncMode: 'full_refresh_overwrite' },
        { name: 'products', syncMode: 'full_refresh_append' },
        { name: 'purchases', syncMode: 'incremental_deduped_history' },
      ],
    });
    await sync(sim, connectionId);
    await callCloud(sim, 'PATCH', `/sources/${sourceId}`, { body: { configuration: { count: 8 } } });
    const second = await sync(sim, connectionId);
    expect(second.status).toBe('succeeded');
    const users = await rows('users');
    expect(users.map((row) => row.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(users.every((row) => row._airbyte_generation_id === '2')).toBe(true);
    expect(await rows('products')).toHaveLength(13);
    const purchases = await rows('purchases');
    const expected = fakerRecords('purchases', { count: 8, seed: 7 });
    const firstCursor = fakerRecords('purchases', { count: 5, seed: 7 })
      .map((record) => String(record.updated_at))
      .sort()
      .at(-1) as string;
    const newer = expected
      .filter((record) => String(record.updated_at) > firstCursor)
      .map((record) => String(record.id));
    const expectedIds = [...new Set(['1', '2', '3', '4', '5', ...newer])].sort(
      (a, b) => Number(a) - Number(b),
    );
    expect(purchases.map((row) => row.id)).toEqual(expectedIds);

    const state = await callCloud(sim, 'POST', '/state/get', { root: 'config', body: { connectionId } });
    const latest = expected
      .map((record) => String(record.updated_at))
      .sort()
      .at(-1);
    expect(state.body).toEqual({
      stateType: 'stream',
      connectionId,
      streamState: [{ streamDescriptor: { name: 'purchases' }, streamState: { updated_at: latest } }],
    });
  });

  it('reads only records past the saved cursor on incremental append', async () => {
    const { connectionId } = await deployFakerConnection(sim, {
      count: 6,
      destination: { destinationType: 'postgres', ...postgres, schema },
      streams: [{ name: 'users', syncMode: 'incremental_append' }],
    });
    const records = fakerRecords('users', { count: 6, seed: 7 });
    const cursors = records.map((record) => String(record.updated_at)).sort();
    const cut = cursors[2] as string;
    await callCloud(sim, 'POST', '/state/create_or_update_safe', {
      root: 'config',
      body: {
        connectionId,
        connectionState: {
          stateType: 'stream',
          streamState: [{ streamDescriptor: { name: 'users' }, streamState: { updated_at: cut } }],
        },
      },
    });
    const job = await sync(sim, connectionId);
    expect(job.rowsSynced).toBe(3);
    expect(await rows('users')).toHaveLength(3);
    const again = await sync(sim, connectionId);
    expect(again.rowsSynced).toBe(0);
    expect(await rows('users')).toHaveLength(3);
  });

  it('empties the tables and forgets the state on a clear job', async () => {
    const { connectionId } = await deployFakerConnection(sim, {
      count: 4,
      destination: { destinationType: 'postgres', ...postgres, schema },
      streams: [{ name: 'users', syncMode: 'incremental_append' }],
    });
    await sync(sim, connectionId);
    expect(await rows('users')).toHaveLength(4);
    const cleared = await sync(sim, connectionId, 'clear');
    expect(cleared).toMatchObject({ status: 'succeeded', jobType: 'clear' });
    expect(await rows('users')).toHaveLength(0);
    expect(
      (await callCloud(sim, 'POST', '/state/get', { root: 'config', body: { connectionId } })).body,
    ).toEqual({
      stateType: 'not_set',
      connectionId,
    });
  });

  it('fails the job when the destination cannot be written, naming the cause in the attempt', async () => {
    const { connectionId } = await deployFakerConnection(sim, {
      destination: { destinationType: 'postgres', ...postgres, host: 'warehouse.example.com', schema },
    });
    const job = await sync(sim, connectionId);
    expect(job).toMatchObject({ status: 'failed', rowsSynced: 0 });
    const info = (await callCloud(sim, 'POST', '/jobs/get', { root: 'config', body: { id: job.jobId } }))
      .body as {
      attempts: Array<{
        attempt: { status: string; failureSummary: { failures: Array<Record<string, unknown>> } };
      }>;
    };
    expect(info.attempts[0]?.attempt.status).toBe('failed');
    expect(info.attempts[0]?.attempt.failureSummary.failures[0]).toMatchObject({
      failureOrigin: 'destination',
      externalMessage: expect.stringContaining('loopback'),
    });
  });
});

describe('DuckDB destination writes', () => {
  let sim: CloudSimulator;
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'cloud-sim-duckdb-'));
    sim = await startCloudSimulator({
      defaultJobPlan: { pendingMs: 0, attemptDurationMs: 100 },
      duckdbLocalRoot: directory,
    });
  });
  afterEach(async () => {
    await sim.close();
    await rm(directory, { recursive: true, force: true });
  });

  const readTable = async (file: string, sql: string): Promise<Array<Record<string, unknown>>> => {
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Array<Record<string, unknown>>;
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  };

  it('writes the synced records into a DuckDB file, mapping /local/ paths to the local root', async () => {
    const { connectionId } = await deployFakerConnection(sim, {
      count: 4,
      destination: {
        destinationType: 'duckdb',
        destination_path: '/local/out/warehouse.duckdb',
        schema: 'landing',
      },
      streams: [{ name: 'users' }, { name: 'products', syncMode: 'incremental_deduped_history' }],
    });
    const job = await sync(sim, connectionId);
    expect(job).toMatchObject({ status: 'succeeded', rowsSynced: 8 });
    const file = join(directory, 'out', 'warehouse.duckdb');
    const users = await readTable(
      file,
      'SELECT id, name, address, _airbyte_raw_id, _airbyte_meta, _airbyte_generation_id, _airbyte_extracted_at FROM landing.users ORDER BY id',
    );
    const expected = fakerRecords('users', { count: 4, seed: 7 });
    expect(users).toHaveLength(4);
    expect(users[0]).toMatchObject({ id: '1', name: expected[0]?.name, _airbyte_generation_id: '1' });
    expect(JSON.parse(String(users[0]?._airbyte_meta))).toEqual({ sync_id: job.jobId, changes: [] });
    expect(JSON.parse(String(users[0]?.address))).toEqual(expected[0]?.address);

    await sync(sim, connectionId);
    const products = await readTable(file, 'SELECT count(*) AS n FROM landing.products');
    expect(products).toEqual([{ n: '4' }]);
    const types = await readTable(
      file,
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'landing' AND table_name = 'products' ORDER BY ordinal_position",
    );
    expect(types.slice(0, 4)).toEqual([
      { column_name: '_airbyte_raw_id', data_type: 'VARCHAR' },
      { column_name: '_airbyte_extracted_at', data_type: 'TIMESTAMP WITH TIME ZONE' },
      { column_name: '_airbyte_meta', data_type: 'JSON' },
      { column_name: '_airbyte_generation_id', data_type: 'BIGINT' },
    ]);
  });

  it('writes to an absolute path with the default main schema', async () => {
    const file = join(directory, 'absolute.duckdb');
    const { connectionId } = await deployFakerConnection(sim, {
      count: 3,
      prefix: 'faker_',
      destination: { destinationType: 'duckdb', destination_path: file },
      streams: [{ name: 'purchases' }],
    });
    expect((await sync(sim, connectionId)).status).toBe('succeeded');
    expect(await readTable(file, 'SELECT count(*) AS n FROM main.faker_purchases')).toEqual([{ n: '3' }]);
  });

  it('accepts MotherDuck destinations without writing anything', async () => {
    const { connectionId } = await deployFakerConnection(sim, {
      destination: {
        destinationType: 'duckdb',
        destination_path: 'md:analytics',
        motherduck_api_key: 'secret-key',
      },
    });
    const job = await sync(sim, connectionId);
    expect(job.status).toBe('succeeded');
    expect(existsSync(join(directory, 'md:analytics'))).toBe(false);
    const destination = (
      await callCloud(sim, 'GET', `/destinations/${sim.state.connections.get(connectionId)?.destinationId}`)
    ).body as { configuration: Record<string, unknown> };
    expect(destination.configuration.motherduck_api_key).toBe('**********');
  });
});
