import { CreatedConnectorSchema, type SyncSummary, SyncSummarySchema } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import type { Store } from '../store/store';
import type { TestApp } from '../test-support/test-app';
import { expectedRecords } from './test-support/expected-records';
import { storedRecords } from './test-support/stored-records';
import { type SyncTestApp, startSyncTestApp } from './test-support/sync-test-app';

describe('a task deleted upstream while a full sync runs', () => {
  let app: SyncTestApp;
  let store: Store;
  let sim: AsanaSimulator;
  let t: TestApp;
  let token: string;
  let deletedDuringRun: string | undefined;
  let subtasksOfDeleted: string[] = [];

  beforeAll(async () => {
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
    app = await startSyncTestApp('sqlite', 'sync_deleted_during_run', {
      sync: {
        config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000, concurrency: 1 },
        // Right after the first page of a project's tasks is stored (its tasks' attachment and
        // subtask listings queued), one of those tasks, with subtasks, is deleted upstream.
        onPage: (event) => {
          if (event.kind !== 'project_tasks' || deletedDuringRun !== undefined) return;
          const victim = sim.data
            .taskGids({ projectGid: event.parent })
            .find((gid) => sim.data.subtaskGids(gid).length > 0);
          if (victim === undefined) return;
          deletedDuringRun = victim;
          subtasksOfDeleted = sim.data.subtaskGids(victim);
          sim.deleteTask(victim);
        },
      },
    });
    ({ store, t } = app);
    token = await t.applicationToken();
  });

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('reads the 404 of its listings as an empty listing and a deletion: the run succeeds and sweeps', async () => {
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'deleted-during-run',
        connector_type: 'asana',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      },
    });
    const connectorId = CreatedConnectorSchema.parse(created.body).id;
    let done: SyncSummary | undefined;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const response = await t.request('GET', `/api/v1/connectors/sources/${connectorId}/sync`, { token });
      done = SyncSummarySchema.parse(response.body);
      if (done.state !== 'running' && done.last_success_at !== null) break;
      if (done.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(deletedDuringRun).toBeDefined();
    expect(done?.state).toBe('idle');
    expect(done?.entities.every((entity) => entity.error === undefined)).toBe(true);
    const stored = await storedRecords(store, connectorId);
    expect(stored.tasks).not.toContain(deletedDuringRun);
    expect(subtasksOfDeleted.length).toBeGreaterThan(0);
    for (const subtask of subtasksOfDeleted) expect(stored.tasks).not.toContain(subtask);
    expect(stored).toEqual(expectedRecords(sim.data).records);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
  });
});
