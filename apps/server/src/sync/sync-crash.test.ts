import { randomBytes } from 'node:crypto';
import { CreatedConnectorSchema, SyncSummarySchema } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import { openStore } from '../store/open-store';
import type { Store } from '../store/store';
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from '../test-support/postgres-test-schema';
import {
  applicationToken,
  json,
  requireBuiltServer,
  type ServerProcess,
  serverTestEnv,
  startServerProcess,
} from '../test-support/server-process';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';
import { expectedRecords } from './test-support/expected-records';
import { storedRecords } from './test-support/stored-records';

// Several listings at once, so pages are committed in groups (group commit) when the kill lands.
const CONCURRENCY = 4;

/** Where a server process keeps its state: an embedded file, or a schema of the shared PostgreSQL. */
interface StoreTarget {
  readonly env: Record<string, string>;
  open(): Promise<Store>;
}

function startSyncServer(target: StoreTarget): Promise<ServerProcess> {
  return startServerProcess(
    serverTestEnv({
      ...target.env,
      CONDUIT_SYNC_LEASE: '2s',
      CONDUIT_SYNC_CONCURRENCY: String(CONCURRENCY),
    }),
  );
}

describe.each(['sqlite', 'postgres'] as const)(
  'a sync survives the server process being killed (%s)',
  (kind) => {
    let sim: AsanaSimulator;
    let dataDir: string;
    let schema: string;
    let target: StoreTarget;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      requireBuiltServer();
      // Latency makes the sync take long enough to be killed in the middle.
      sim = await startAsanaSimulator({
        dataset: { preset: 'tiny', seed: 41, tasksPerProject: 30 },
        latencyMs: 15,
      });
      dataDir = await makeTempDir('sync-crash');
      schema = uniqueSchemaName('sync_crash');
      // The key file lives in the data directory on both stores; PostgreSQL holds everything else.
      target =
        kind === 'sqlite'
          ? { env: { CONDUIT_DATA_DIR: dataDir }, open: () => openStore({ dataDir }) }
          : {
              env: {
                CONDUIT_DATA_DIR: dataDir,
                CONDUIT_DATABASE_URL: TEST_DATABASE_URL,
                CONDUIT_DATABASE_SCHEMA: schema,
                CONDUIT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
              },
              open: () => openStore({ databaseUrl: TEST_DATABASE_URL, databaseSchema: schema }),
            };
    });

    afterAll(async () => {
      server?.child.kill('SIGKILL');
      await server?.exited;
      await sim?.close();
      await removeTempDir(dataDir);
      if (kind === 'postgres') await dropSchema(schema);
    });

    it('resumes after SIGKILL and restart, ending with exactly the upstream records', async () => {
      server = await startSyncServer(target);
      const token = await applicationToken(server);
      const created = await json(`${server.url}/v1/integrations/connectors`, {
        method: 'POST',
        token,
        body: {
          external_user_id: 'crash-user',
          connector_type: 'asana',
          credentials: { token: sim.tokens.personalAccessToken },
          config: { base_url: sim.baseUrl },
        },
      });
      expect(created.status).toBe(201);
      const connectorId = CreatedConnectorSchema.parse(created.body).id;
      const { records, listings } = expectedRecords(sim.data);

      // Kill it once about 40% of the listings were requested.
      const deadline = Date.now() + 30_000;
      while (sim.requests.count({ target: 'api' }) < listings * 0.4) {
        if (Date.now() > deadline) throw new Error('the sync did not start');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      server.child.kill('SIGKILL');
      await server.exited;
      const requestsAtKill = sim.requests.count({ target: 'api' });

      const midway = await target.open();
      try {
        const runs = await midway.db.query<{ state: string }>(
          'SELECT state FROM sync_runs WHERE connector_id = $1',
          [connectorId],
        );
        expect(runs).toEqual([{ state: 'running' }]);
        const partial = await storedRecords(midway, connectorId);
        expect(partial.workspaces).toEqual(records.workspaces);
        expect(partial.attachments.length + partial.tasks.length).toBeLessThan(
          records.attachments.length + records.tasks.length,
        );
        expect(await indexInconsistencies(midway, connectorId)).toEqual([]);
      } finally {
        await midway.close();
      }

      server = await startSyncServer(target);
      const path = `${server.url}/api/v1/connectors/sources/${connectorId}/sync`;
      const finished = Date.now() + 60_000;
      for (;;) {
        const summary = SyncSummarySchema.parse((await json(path, { token })).body);
        if (summary.state === 'idle' && summary.last_success_at !== null) break;
        expect(summary.state).not.toBe('failed');
        if (Date.now() > finished) throw new Error('the resumed sync did not finish');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      server = undefined;

      const store = await target.open();
      try {
        expect(await storedRecords(store, connectorId)).toEqual(records);
        expect(await indexInconsistencies(store, connectorId)).toEqual([]);
        const runs = await store.db.query<{ state: string; attempts: unknown }>(
          'SELECT state, attempts FROM sync_runs WHERE connector_id = $1',
          [connectorId],
        );
        expect(runs.map((run) => [run.state, Number(run.attempts)])).toEqual([['succeeded', 2]]);
      } finally {
        await store.close();
      }
      // Resumed, not restarted: only pages in flight at the kill were asked for twice.
      const total = sim.requests.count({ target: 'api' });
      expect(requestsAtKill).toBeGreaterThan(listings * 0.4 - 1);
      expect(total).toBeLessThanOrEqual(listings + 2 * CONCURRENCY);
    }, 120_000);
  },
);
