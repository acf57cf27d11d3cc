import { CreatedConnectorSchema, SyncStartedSchema, SyncSummarySchema } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import type { ServerExtension } from '../extensions/server-extension';
import { createSearchExtension } from '../search/search-extension';
import type { Store } from '../store/store';
import {
  startTestApp,
  type TestApp,
  type TestStoreLocation,
  testStoreLocation,
} from '../test-support/test-app';
import { createSyncExtension, type SyncExtension } from './sync-extension';
import { expectedRecords } from './test-support/expected-records';
import { storedRecords } from './test-support/stored-records';

function features(): { extensions: ServerExtension[]; sync: SyncExtension } {
  const sync = createSyncExtension({ config: { pollMs: 10, leaseMs: 5_000, intervalMs: 3_600_000 } });
  return { extensions: [createExecuteExtension(), createSearchExtension(), sync], sync };
}

describe('two server processes sharing one PostgreSQL database', () => {
  let location: TestStoreLocation;
  let stores: Store[];
  let sim: AsanaSimulator;
  let a: TestApp;
  let b: TestApp;
  let syncA: SyncExtension;
  let syncB: SyncExtension;

  beforeAll(async () => {
    location = await testStoreLocation('postgres', 'sync_once');
    stores = [await location.open(), await location.open()];
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 31 } });
    const first = features();
    const second = features();
    syncA = first.sync;
    syncB = second.sync;
    await Promise.all([
      stores[0]!.migrate(first.extensions.flatMap((extension) => extension.migrations ?? [])),
      stores[1]!.migrate(second.extensions.flatMap((extension) => extension.migrations ?? [])),
    ]);
    a = await startTestApp(stores[0]!, { extensions: first.extensions, allowUpstreamOverride: true });
    b = await startTestApp(stores[1]!, {
      extensions: second.extensions,
      allowUpstreamOverride: true,
      keyring: a.keyring,
      clock: a.clock,
    });
  });

  afterAll(async () => {
    await syncA?.stop?.();
    await syncB?.stop?.();
    await a?.close();
    await b?.close();
    await sim?.close();
    for (const store of stores ?? []) await store.close();
    await location?.cleanup();
  });

  it('runs a sync triggered on both at once exactly once', async () => {
    const token = await a.applicationToken();
    const created = await a.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'shared',
        connector_type: 'task-management',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      },
    });
    const { id } = CreatedConnectorSchema.parse(created.body);
    const path = `/api/v1/connectors/sources/${id}/sync`;

    // Both processes are asked at the same moment, several times: one run is queued.
    const started = await Promise.all([a, b, a, b, a, b].map((app) => app.request('POST', path, { token })));
    expect(started.map((response) => response.status)).toEqual([202, 202, 202, 202, 202, 202]);
    expect(new Set(started.map((response) => SyncStartedSchema.parse(response.body).sync_id)).size).toBe(1);

    // Both schedulers start together and race for the run.
    await Promise.all([syncA.start?.(a.app.services), syncB.start?.(b.app.services)]);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const summary = SyncSummarySchema.parse((await b.request('GET', path, { token })).body);
      if (summary.state !== 'running' && summary.last_success_at !== null) break;
      if (Date.now() > deadline) throw new Error('the sync did not finish');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const runs = await stores[0]!.db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM sync_runs WHERE connector_id = $1',
      [id],
    );
    expect(runs).toEqual([{ state: 'succeeded', attempts: 1 }]);
    const { records, listings } = expectedRecords(sim.data);
    // Exactly the requests of one sync reached the upstream.
    expect(sim.requests.count({ target: 'api' })).toBe(listings);
    expect(await storedRecords(stores[1]!, id)).toEqual(records);
  });
});
