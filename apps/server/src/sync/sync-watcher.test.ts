import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexInconsistencies } from '../search/test-support/index-consistency';
import { expectedRecords } from './test-support/expected-records';
import { storedRecords } from './test-support/stored-records';
import { startWatchedConnector, type WatchedConnector } from './test-support/watched-connector';

// Most Asana tokens may not read the workspace stream (reference §10): the watch then reads one
// subscription per project. Both ways, on both stores.
describe.each([
  ['sqlite', 'project streams'],
  ['postgres', 'project streams'],
  ['sqlite', 'the workspace stream'],
  ['postgres', 'the workspace stream'],
] as const)('watching the upstream’s change stream on %s, through %s', (kind, streams) => {
  let sim: AsanaSimulator;
  let w: WatchedConnector;

  beforeAll(async () => {
    sim = await startAsanaSimulator({
      dataset: { preset: 'tiny', seed: 11 },
      workspaceEvents: streams === 'the workspace stream',
    });
    w = await startWatchedConnector(kind, `sync_watch_${kind}_${streams.length}`, {
      connector_type: 'asana',
      credentials: { token: sim.tokens.personalAccessToken },
      config: { base_url: sim.baseUrl },
    });
  });

  afterAll(async () => {
    await w?.close();
    await sim?.close();
  });

  it('brings edits, new subtasks, deletions and new attachments into the copy without a run', async () => {
    const { store, connectorId } = w;
    const runsBefore = (await w.runs()).length;
    const projectGid = expectedRecords(sim.data).records.projects[0]!;
    const [renamed, parent, victim, completed, moved] = sim.data.taskGids({ projectGid });
    sim.updateTask(renamed!, { name: 'Renamed upstream, seen by the watch' });
    sim.updateTask(completed!, { completed: !sim.data.task(completed!)!.completed });
    const otherProject = sim.data.projects.find(
      (row) => row.gid !== projectGid && row.sectionGids.length > 0,
    )!.gid;
    sim.moveTask(moved!, otherProject);
    const subtask = sim.addTask({ parentGid: parent!, name: 'A subtask under an unchanged parent' });
    const deeper = sim.addTask({ parentGid: subtask.gid, name: 'Two levels down' });
    const attachment = sim.addAttachment({ parentGid: parent!, name: 'new-file.pdf' });
    const goneWithIt = sim.data.subtaskGids(victim!);
    sim.deleteTask(victim!);

    await w.until(async () => {
      const stored = await storedRecords(store, connectorId);
      return (
        stored.tasks.includes(subtask.gid) &&
        stored.tasks.includes(deeper.gid) &&
        !stored.tasks.includes(victim!) &&
        stored.attachments.includes(attachment.gid)
      );
    });
    await w.until(async () => {
      const [hit] = await w.search('tasks', { filter: { eq: { gid: moved } } });
      return (
        (hit?.data.projects as { gid: string }[] | undefined)?.some((p) => p.gid === otherProject) === true
      );
    });
    const [done] = await w.search('tasks', { filter: { eq: { gid: completed } } });
    expect(done?.data.completed).toBe(sim.data.task(completed!)!.completed);
    const stored = await storedRecords(store, connectorId);
    for (const gid of goneWithIt) expect(stored.tasks).not.toContain(gid);
    expect(stored).toEqual(expectedRecords(sim.data).records);
    const hits = await w.search('tasks', { filter: { eq: { gid: renamed } } });
    expect(hits[0]?.data.name).toBe('Renamed upstream, seen by the watch');
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
    // No run was needed for any of it.
    expect((await w.runs()).length).toBe(runsBefore);
    // The change feed saw it too.
    const feed = await w.t.request('GET', `/api/v1/connectors/sources/${connectorId}/changes?limit=1000`, {
      token: w.token,
    });
    const changes = (feed.body as { changes: { id: string; operation: string }[] }).changes;
    expect(changes.find((change) => change.id === victim)?.operation).toBe('delete');
    expect(changes.find((change) => change.id === subtask.gid)?.operation).toBe('upsert');
  });

  it('removes the attachments of a task deleted upstream, and of its subtasks, without a run', async () => {
    const { store, connectorId } = w;
    const runsBefore = (await w.runs()).length;
    const projectGid = expectedRecords(sim.data).records.projects[0]!;
    const victim = sim.data.taskGids({ projectGid }).at(-1)!;
    // A subtask of its own, with a file: the delete events name the tasks, never their files.
    const subtask = sim.addTask({ parentGid: victim, name: 'Goes with its parent' }).gid;
    const files = [
      sim.addAttachment({ parentGid: victim, name: 'on-the-deleted-task.pdf' }).gid,
      sim.addAttachment({ parentGid: subtask, name: 'on-its-subtask.pdf' }).gid,
      ...sim.data.attachmentsOf(victim).map((file) => file.gid),
    ];
    await w.until(async () => {
      const stored = await storedRecords(store, connectorId);
      return stored.tasks.includes(subtask) && files.every((gid) => stored.attachments.includes(gid));
    });

    sim.deleteTask(victim);
    await w.until(async () => !(await storedRecords(store, connectorId)).tasks.includes(victim));
    const stored = await storedRecords(store, connectorId);
    expect(stored.tasks).not.toContain(subtask);
    for (const gid of files) expect(stored.attachments).not.toContain(gid);
    expect(stored).toEqual(expectedRecords(sim.data).records);
    expect(await indexInconsistencies(store, connectorId)).toEqual([]);
    expect((await w.runs()).length).toBe(runsBefore);
    const feed = await w.t.request('GET', `/api/v1/connectors/sources/${connectorId}/changes?limit=1000`, {
      token: w.token,
    });
    const changes = (feed.body as { changes: { id: string; operation: string }[] }).changes;
    for (const gid of files)
      expect(changes.filter((change) => change.id === gid).at(-1)?.operation).toBe('delete');
  });

  it('watches a task in no project, which only the owner\'s "My tasks" holds', async () => {
    const { store, connectorId } = w;
    const runsBefore = (await w.runs()).length;
    const workspaceGid = sim.data.me.workspaceGids[0]!;
    const loose = sim.addTask({ workspaceGid, name: 'Renew the passport', assigneeGid: sim.data.me.gid });
    await w.until(async () => (await storedRecords(store, connectorId)).tasks.includes(loose.gid));
    sim.updateTask(loose.gid, { name: 'Renew the passport before May' });
    const file = sim.addAttachment({ parentGid: loose.gid, name: 'photo.jpg' });
    const subtask = sim.addTask({ parentGid: loose.gid, name: 'Book the photo booth' });
    await w.until(async () => {
      const [hit] = await w.search('tasks', { filter: { eq: { gid: loose.gid } } });
      const stored = await storedRecords(store, connectorId);
      return (
        hit?.data.name === 'Renew the passport before May' &&
        stored.attachments.includes(file.gid) &&
        stored.tasks.includes(subtask.gid)
      );
    });
    sim.deleteTask(loose.gid);
    await w.until(async () => !(await storedRecords(store, connectorId)).tasks.includes(loose.gid));
    const stored = await storedRecords(store, connectorId);
    expect(stored.tasks).not.toContain(subtask.gid);
    expect(stored.attachments).not.toContain(file.gid);
    expect(stored).toEqual(expectedRecords(sim.data).records);
    // The workspace stream's watch needs no run for it; the project streams' asks an incremental
    // one when it subscribes to the new task (what changed before the subscription), never a full one.
    const runs = (await w.runs()).slice(runsBefore);
    expect(runs.filter((run) => run.mode === 'full')).toEqual([]);
    const feed = await w.t.request('GET', `/api/v1/connectors/sources/${connectorId}/changes?limit=1000`, {
      token: w.token,
    });
    const changes = (feed.body as { changes: { id: string; operation: string }[] }).changes;
    expect(changes.filter((change) => change.id === loose.gid).at(-1)?.operation).toBe('delete');
  });

  it('queues a full run when its cursor expired upstream', async () => {
    const before = (await w.runs()).length;
    sim.data.events.expireTokens();
    await w.until(async () => (await w.runs()).length > before);
    expect((await w.runs()).at(-1)).toEqual({ mode: 'full', trigger: 'watch' });
    await w.settledRuns();
  });
});
