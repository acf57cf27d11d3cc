import { describe, expect, it } from 'vitest';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformMissingResourceError } from '../errors/platform-missing-resource-error';
import { PlatformSecretNotFoundError } from '../errors/platform-secret-not-found-error';
import { duckDbTarget, duckDbWarehouseReader, isMotherDuckPath } from './duckdb-warehouse-reader';
import type { WarehouseReaderContext } from './warehouse-reader';

const context = (secrets: Record<string, string> = {}): WarehouseReaderContext => ({
  resolveSecret: async (field) => secrets[field],
  duckdbLocalRoot: '/srv/airbyte_local',
});

const destination = (destinationType: string, configuration: Record<string, unknown>) => ({
  destinationId: 'd1',
  name: 'duck',
  destinationType,
  configuration,
});

describe('DuckDB and MotherDuck targets', () => {
  it('maps local paths the way a self-managed installation does', async () => {
    expect(
      await duckDbTarget(destination('duckdb', { destination_path: '/local/out/db.duckdb' }), context()),
    ).toEqual({
      path: '/srv/airbyte_local/out/db.duckdb',
      options: { access_mode: 'READ_ONLY' },
      databaseName: 'db',
      motherDuck: false,
    });
    expect((await duckDbTarget(destination('duckdb', { destination_path: 'rel.db' }), context())).path).toBe(
      '/srv/airbyte_local/rel.db',
    );
    expect(
      (await duckDbTarget(destination('duckdb', { destination_path: '/abs/x.duckdb' }), context())).path,
    ).toBe('/abs/x.duckdb');
    await expect(duckDbTarget(destination('duckdb', {}), context())).rejects.toBeInstanceOf(
      PlatformInputError,
    );
  });

  it('opens MotherDuck with the token from the configuration, the resolver or MOTHERDUCK_TOKEN', async () => {
    expect(isMotherDuckPath('md:analytics')).toBe(true);
    expect(isMotherDuckPath('motherduck:analytics')).toBe(true);
    expect(isMotherDuckPath('/tmp/md:x')).toBe(false);
    const shown = await duckDbTarget(
      destination('duckdb', { destination_path: 'md:analytics', motherduck_api_key: 'plain-token' }),
      context(),
    );
    expect(shown).toEqual({
      path: 'md:analytics',
      options: { motherduck_token: 'plain-token' },
      databaseName: 'analytics',
      motherDuck: true,
    });
    const masked = await duckDbTarget(
      destination('motherduck', { destination_path: 'md:', motherduck_api_key: '**********' }),
      context({ motherduck_api_key: 'from-resolver' }),
    );
    expect(masked).toMatchObject({ options: { motherduck_token: 'from-resolver' }, databaseName: 'my_db' });
    const fromEnv = await duckDbTarget(
      destination('motherduck', { destination_path: 'md:lake?x=1', motherduck_api_key: '**********' }),
      context(),
      { MOTHERDUCK_TOKEN: 'from-env' },
    );
    expect(fromEnv).toMatchObject({ path: 'md:lake', options: { motherduck_token: 'from-env' } });
  });

  it('names the missing MotherDuck token', async () => {
    const error = await duckDbTarget(
      destination('motherduck', { destination_path: 'md:lake', motherduck_api_key: '**********' }),
      context(),
      {},
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformSecretNotFoundError);
    expect(error).toMatchObject({ secretName: 'motherduck_api_key' });
    expect((error as PlatformSecretNotFoundError).sources).toContain('MOTHERDUCK_TOKEN');
  });

  it('reports a DuckDB file that no sync has written yet', async () => {
    const reader = await duckDbWarehouseReader(
      destination('duckdb', { destination_path: '/nonexistent/dir/never.duckdb', schema: 'Main' }),
      context(),
    );
    expect(reader).toMatchObject({ kind: 'duckdb', databaseName: 'never', defaultSchema: 'main' });
    await expect(reader.openEngine()).rejects.toBeInstanceOf(PlatformMissingResourceError);
  });
});

describe('reading results back from a DuckDB file', async () => {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const { startCloudSimulator } = await import('@conduit/testkit');
  const { deployFakerConnection, simulatedWorkspace } = await import('../test-support/simulated-workspace');

  it('reads every stream the sync wrote, in chunks, from a temporary file', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'conduit-cloud-duckdb-'));
    const sim = await startCloudSimulator({ defaultJobPlan: { pendingMs: 0, attemptDurationMs: 1_000 } });
    try {
      const { workspace } = simulatedWorkspace(sim);
      const path = join(directory, 'results.duckdb');
      const { connection } = await deployFakerConnection(workspace, {
        count: 2_100,
        streams: ['users', 'products'],
        tablePrefix: 'sim_',
        destination: { destinationType: 'duckdb', destination_path: path, schema: 'Landing' },
      });
      const result = await connection.runSync();
      try {
        expect(await result.getSqlDatabaseName()).toBe('results');
        expect(await result.getSqlSchemaName()).toBe('landing');
        expect(await result.getSqlTableName('users')).toBe('sim_users');
        let count = 0;
        const ids = new Set<bigint>();
        for await (const row of await result.getDataset('users')) {
          count += 1;
          ids.add(row.id as bigint);
        }
        // More rows than one DuckDB chunk (2,048): the stream crossed chunk boundaries.
        expect(count).toBe(2_100);
        expect(ids.size).toBe(2_100);
        const table = await result.getSqlTable('products');
        expect(await table.count()).toBeGreaterThan(0);
        expect((await table.getColumns()).map((column) => column.name)).toContain('_airbyte_raw_id');
        const engine = await result.getSqlEngine();
        expect(engine.dialect).toBe('duckdb');
        expect(
          await engine.query('SELECT count(*)::INTEGER AS n FROM "landing"."sim_users" WHERE id <= $1', [10]),
        ).toEqual([{ n: 10 }]);
      } finally {
        await result.closeSqlCache();
      }
      // Read-only: once closed, the file opens for writing again (the next sync needs that).
      const instance = await DuckDBInstance.create(path);
      instance.closeSync();

      // A second sync rewrites the file; a new result reads the new data.
      const second = await connection.runSync();
      try {
        expect(await (await second.getDataset('products')).count()).toBeGreaterThan(0);
      } finally {
        await second.closeSqlCache();
      }
    } finally {
      await sim.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('follows a custom namespace format into its schema', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'conduit-cloud-duckdb-'));
    const sim = await startCloudSimulator({ defaultJobPlan: { pendingMs: 0, attemptDurationMs: 1_000 } });
    try {
      const { workspace } = simulatedWorkspace(sim);
      const { connection } = await deployFakerConnection(workspace, {
        streams: ['users'],
        destination: { destinationType: 'duckdb', destination_path: join(directory, 'ns.duckdb') },
      });
      const patched = await fetch(`${sim.apiRoot}/connections/${connection.connectionId}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${sim.credentials.bearerToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ namespaceDefinition: 'custom_format', namespaceFormat: 'Lake House' }),
      });
      expect(patched.status).toBe(200);
      const result = await connection.runSync();
      try {
        expect(await result.getSqlSchemaName('users')).toBe('lake_house');
        expect(await (await result.getDataset('users')).count()).toBe(5);
      } finally {
        await result.closeSqlCache();
      }
    } finally {
      await sim.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
