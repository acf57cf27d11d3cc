import { CreatedConnectorSchema, type SyncSummary, SyncSummarySchema } from '@conduit/protocol';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecuteExtension } from '../execute/execute-extension';
import { createSearchExtension } from '../search/search-extension';
import { indexInconsistencies } from '../search/test-support/index-consistency';
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

describe.each(['sqlite', 'postgres'] as const)('watching the upstream’s change stream on %s', (kind) => {
  let location: TestStoreLocation;
  let store: Store;
  let sim: AsanaSimulator;
  let t: TestApp;
  let sync: SyncExtension;
  let token: string;
  let connectorId: string;

  /** Moves the (manual) server clock on until `done` holds, as time would pass. */
  const until = async (done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the watch');
      t.clock.advance(1_000);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  };
  const summary = async (): Promise<SyncSummary> =>
    SyncSummarySchema.parse(
      (await t.request('GET', `/api/v1/connectors/sources/${connectorId}/sync`, { token })).body,
    );
  const runs = () =>
    store.db.query<{ mode: string; trigger: string }>(
      'SELECT mode, trigger FROM sync_runs WHERE connector_id = $1 ORDER BY requested_at',
      [connectorId],
    );
  const settledRuns = async () => {
    await until(async () => (await summary()).state !== 'running');
  };

  beforeAll(async () => {
    location = await testStoreLocation(kind, `sync_watch_${kind}`);
    store = await location.open();
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
    sync = createSyncExtension({
      config: { pollMs: 20, leaseMs: 5_000, intervalMs: 3_600_000, watchMs: 1_000 },
    });
    const extensions = [createExecuteExtension(), createSearchExtension(), sync];
    await store.migrate(extensions.flatMap((extension) => extension.migrations ?? []));
    t = await startTestApp(store, { extensions, allowUpstreamOverride: true });
    await sync.start?.(t.app.services);
    token = await t.applicationToken();
    const created = await t.request('POST', '/v1/integrations/connectors', {
      token,
      body: {
        external_user_id: 'watched',
        connector_type: 'asana',
        credentials: { token: sim.tokens.personalAccessToken },
        config: { base_url: sim.baseUrl },
      },
    });
    connectorId = CreatedConnectorSchema.parse(created.body).id;
    await until(async () => (await summary()).last_success_at !== null);
    // The first watch takes its cursors and catches up with an incremental run.
    await until(async () => (await runs()).some((run) => run.trigger === 'watch'));
    expect((await runs()).map((run) => [run.mode, run.trigger])).toEqual([
      ['full', 'created'],
      ['incremental', 'watch'],
    ]);
    await settledRuns();
  });

  afterAll(async () => {
    await sync?.stop?.();
    await t?.close();
    await sim?.close();
    await store?.close();
    await location?.cleanup();
  });

  it('brings edits, new subtasks, deletions and new attachments into the copy without a run', async () => {
    const runsBefore = (await runs()).length;
    const projectGid = expectedRecords(sim.data).records.projects[0]!;
    const [renamed, parent, victim] = sim.data.taskGids({ projectGid });
    sim.updateTask(renamed!, { name: 'Renamed upstream, seen by the watch' });
    const subtask = sim.addTask({ parentGid: parent!, name: 'A subtask under an unchanged parent' });
    const attachment = sim.addAttachment({ parentGid: parent!, name: 'new-file.pdf' });
    const goneWithIt = sim.data.subtaskGids(victim!);
    sim.deleteTask(victim!);

    await until(async () => {
      const stored = await storedRecords(store, connectorId);
      return (
        stored.tasks.includes(subtask.gid) &&
        !stored.tasks.includes(victim!) &&
        stored.attachments.includes(attachment.gid)
      );
    });
    const stored = await storedRecords(store, connectorId);
    for (const gid of goneWithIt) expect(stored.tasks).not.toContain(gid);
    expect(stored).toEqual(expectedRecords(sim.data).records);
    const hit = await t.request('POST', `/api/v1/connectors/sources/${connectorId}/execute`, {
      token,
      body: { entity: 'tasks', action: 'search', params: { query: { filter: { eq: { gid: renamed } } } } },
    });
    expect((hit.body as { hits: { data: { name: string } }[] }).hits[0]?.data.name).toBe(
      'Renamed upstream, seen by the watch',
    );
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
    // No run was needed for any of it.
    expect((await runs()).length).toBe(runsBefore);
    // The change feed saw it too.
    const feed = await t.request('GET', `/api/v1/connectors/sources/${connectorId}/changes?limit=1000`, {
      token,
    });
    const changes = (feed.body as { changes: { id: string; operation: string }[] }).changes;
    expect(changes.find((change) => change.id === victim)?.operation).toBe('delete');
    expect(changes.find((change) => change.id === subtask.gid)?.operation).toBe('upsert');
  });

  it('removes the attachments of a task deleted upstream, and of its subtasks, without a run', async () => {
    const runsBefore = (await runs()).length;
    const projectGid = expectedRecords(sim.data).records.projects[0]!;
    const victim = sim.data.taskGids({ projectGid }).at(-1)!;
    // A subtask of its own, with a file: the delete events name the tasks, never their files.
    const subtask = sim.addTask({ parentGid: victim, name: 'Goes with its parent' }).gid;
    const files = [
      sim.addAttachment({ parentGid: victim, name: 'on-the-deleted-task.pdf' }).gid,
      sim.addAttachment({ parentGid: subtask, name: 'on-its-subtask.pdf' }).gid,
      ...sim.data.attachmentsOf(victim).map((file) => file.gid),
    ];
    await until(async () => {
      const stored = await storedRecords(store, connectorId);
      return stored.tasks.includes(subtask) && files.every((gid) => stored.attachments.includes(gid));
    });

    sim.deleteTask(victim);
    await until(async () => !(await storedRecords(store, connectorId)).tasks.includes(victim));
    const stored = await storedRecords(store, connectorId);
    expect(stored.tasks).not.toContain(subtask);
    for (const gid of files) expect(stored.attachments).not.toContain(gid);
    expect(stored).toEqual(expectedRecords(sim.data).records);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
    expect((await runs()).length).toBe(runsBefore);
    const feed = await t.request('GET', `/api/v1/connectors/sources/${connectorId}/changes?limit=1000`, {
      token,
    });
    const changes = (feed.body as { changes: { id: string; operation: string }[] }).changes;
    for (const gid of files)
      expect(changes.filter((change) => change.id === gid).at(-1)?.operation).toBe('delete');
  });

  it('queues a full run when its cursor expired upstream', async () => {
    const before = (await runs()).length;
    sim.data.events.expireTokens();
    await until(async () => (await runs()).length > before);
    expect((await runs()).at(-1)).toEqual({ mode: 'full', trigger: 'watch' });
    await settledRuns();
  });
});
