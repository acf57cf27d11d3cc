import { CreatedConnectorSchema, SyncSummarySchema } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import { openStore } from '../store/open-store';
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

const CONCURRENCY = 2;

function startSyncServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess(
    serverTestEnv({
      CONDUIT_DATA_DIR: dataDir,
      CONDUIT_SYNC_LEASE: '2s',
      CONDUIT_SYNC_CONCURRENCY: String(CONCURRENCY),
    }),
  );
}

describe('a sync survives the server process being killed', () => {
  let sim: AsanaSimulator;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    requireBuiltServer();
    // Latency makes the sync take long enough to be killed in the middle.
    sim = await startAsanaSimulator({
      dataset: { preset: 'tiny', seed: 41, tasksPerProject: 30 },
      latencyMs: 15,
    });
    dataDir = await makeTempDir('sync-crash');
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await sim?.close();
    await removeTempDir(dataDir);
  });

  it('resumes after SIGKILL and restart, ending with exactly the upstream records', async () => {
    server = await startSyncServer(dataDir);
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

    const midway = await openStore({ dataDir });
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

    server = await startSyncServer(dataDir);
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

    const store = await openStore({ dataDir });
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
});
