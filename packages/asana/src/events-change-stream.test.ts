import type { LocalConnectorExecutor, SyncChangePage } from '@conduit/connector-kit';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asanaModule } from './asana-module';

let sim: AsanaSimulator;
let executor: LocalConnectorExecutor;
let workspace: string;
const stream = asanaModule.sync!.changes!;

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 9 }, rateLimit: false });
  executor = asanaModule.createExecutor({
    credentials: { token: sim.tokens.personalAccessToken },
    baseUrl: sim.baseUrl,
  } as Parameters<typeof asanaModule.createExecutor>[0]);
  workspace = sim.data.workspaces[0]!.gid;
});

afterAll(async () => {
  await sim?.close();
});

let now = 1_000_000;
const read = (cursor: string | null, options: { everything?: boolean } = {}) =>
  stream.read(executor, workspace, cursor, undefined, { now, requestsPerMinute: 150, ...options });
const eventReads = () => sim.requests.count({ target: 'api', path: /\/events$/ });
const ids = (page: SyncChangePage, operation: 'upsert' | 'delete') =>
  page.changes.filter((change) => change.operation === operation).map((change) => change.id);

describe('the Asana change stream without the workspace stream', () => {
  let cursor: string;

  it('takes the refusal of the workspace stream as "not here" and subscribes to every project', async () => {
    const projects = sim.data.projects.filter((project) => project.workspaceGid === workspace);
    const before = eventReads();
    const first = await read(null);
    expect(first.expired).toBe(false);
    // New subscriptions: what changed before them is for an incremental run.
    expect(first.resync).toBe('incremental');
    expect(ids(first, 'upsert').sort()).toEqual(projects.map((project) => project.gid).sort());
    // One refused workspace read, then one per project.
    expect(eventReads() - before).toBe(projects.length + 1);
    expect(JSON.parse(first.cursor)).toMatchObject({ mode: 'projects' });
    expect(first.readAgainInMs).toBeGreaterThan(0);
    cursor = first.cursor;
  });

  it('finds edits of subtasks at any depth, completions, files, moves and deletions in the project streams', async () => {
    const project = sim.data.projects.find((row) => sim.data.taskGids({ projectGid: row.gid }).length > 2)!;
    const [edited, parent, victim] = sim.data.taskGids({ projectGid: project.gid });
    const subtask = sim.addTask({ parentGid: parent!, name: 'level 1' });
    const deeper = sim.addTask({ parentGid: subtask.gid, name: 'level 2' });
    sim.updateTask(deeper.gid, { name: 'level 2, renamed' });
    sim.updateTask(edited!, { completed: true });
    const file = sim.addAttachment({ parentGid: parent!, name: 'spec.pdf' });
    const other = sim.data.projects.find((row) => row.gid !== project.gid && row.sectionGids.length > 0)!;
    sim.moveTask(edited!, other.gid);
    sim.deleteTask(victim!);
    // Nothing is due before a quiet round has passed.
    now += 1_000;
    const early = await read(cursor);
    expect(early.changes.filter((change) => change.entity !== 'projects')).toEqual([]);
    now += 60_000;
    const page = await read(early.cursor);
    expect(page.resync).toBeUndefined();
    expect(ids(page, 'upsert')).toEqual(expect.arrayContaining([subtask.gid, deeper.gid, edited!, file.gid]));
    expect(ids(page, 'delete')).toContain(victim);
    cursor = page.cursor;
  });

  it('reads a busy project again within seconds, and every project when a run is about to end', async () => {
    const project = sim.data.projects.find((row) => sim.data.taskGids({ projectGid: row.gid }).length > 0)!;
    const task = sim.data.taskGids({ projectGid: project.gid })[0]!;
    sim.updateTask(task, { name: 'busy 1' });
    now += 60_000;
    const seen = await read(cursor);
    expect(ids(seen, 'upsert')).toContain(task);
    expect(seen.readAgainInMs).toBeLessThanOrEqual(2_000);
    sim.updateTask(task, { name: 'busy 2' });
    now += 2_000;
    const again = await read(seen.cursor);
    expect(ids(again, 'upsert')).toContain(task);
    const before = eventReads();
    await read(again.cursor, { everything: true });
    expect(eventReads() - before).toBe(Object.keys(JSON.parse(again.cursor).projects).length);
    cursor = again.cursor;
  });

  it('subscribes to a task in no project, whose edits, files, subtasks and deletion no project stream sees', async () => {
    const loose = sim.addTask({
      workspaceGid: workspace,
      name: 'Renew the lease',
      assigneeGid: sim.data.me.gid,
    });
    // Someone else's task in no project is not in the token's "My tasks": not listed, not watched.
    const other = sim.data.users.find((user) => user.gid !== sim.data.me.gid)!;
    const foreign = sim.addTask({ workspaceGid: workspace, name: 'Private', assigneeGid: other.gid });
    now += 60_000;
    const listed = await read(cursor, { everything: true });
    const upserted = listed.changes.filter(
      (change) => change.entity === 'tasks' && change.operation === 'upsert',
    );
    expect(upserted.map((change) => change.id)).toContain(loose.gid);
    expect(upserted.find((change) => change.id === loose.gid)?.record).toMatchObject({
      name: 'Renew the lease',
    });
    expect(upserted.map((change) => change.id)).not.toContain(foreign.gid);
    const subscriptions = JSON.parse(listed.cursor).projects;
    expect(subscriptions[loose.gid]).toMatchObject({ t: 1 });
    expect(subscriptions[foreign.gid]).toBeUndefined();
    // Its first read handed out a token: what changed before it is for an incremental run.
    expect(listed.resync).toBe('incremental');

    // Later reads of "My tasks" ask only for what was modified since the latest task seen there.
    const before = sim.requests.count({ target: 'api', route: '/tasks' });
    now += 60_000;
    const quiet = await read(listed.cursor);
    const myTasks = sim.requests
      .all()
      .filter((request) => request.route === '/tasks')
      .slice(before);
    expect(myTasks.length).toBe(1);
    expect(myTasks[0]!.query).toMatchObject({ assignee: ['me'], modified_since: [expect.any(String)] });

    sim.updateTask(loose.gid, { name: 'Renew the lease, signed' });
    const file = sim.addAttachment({ parentGid: loose.gid, name: 'lease.pdf' });
    const subtask = sim.addTask({ parentGid: loose.gid, name: 'Sign page 4' });
    now += 30_000;
    const seen = await read(quiet.cursor, { everything: true });
    expect(ids(seen, 'upsert')).toEqual(expect.arrayContaining([loose.gid, file.gid, subtask.gid]));

    sim.deleteTask(loose.gid);
    now += 30_000;
    const gone = await read(seen.cursor, { everything: true });
    expect(gone.changes).toContainEqual({ entity: 'tasks', id: loose.gid, operation: 'delete' });
    // Gone from "My tasks" at the next listing: its subscription goes too, and never a project's deletion.
    now += 60_000;
    const after = await read(gone.cursor, { everything: true });
    expect(JSON.parse(after.cursor).projects[loose.gid]).toBeUndefined();
    expect(
      after.changes.filter((change) => change.entity === 'projects' && change.operation === 'delete'),
    ).toEqual([]);
    cursor = after.cursor;
  });

  it('asks for a full run when a token that had worked is refused: events were lost', async () => {
    sim.data.events.expireTokens();
    now += 60_000;
    const page = await read(cursor, { everything: true });
    expect(page.resync).toBe('full');
    expect(page.expired).toBe(false);
    now += 60_000;
    expect((await read(page.cursor, { everything: true })).resync).toBeUndefined();
  });
});

describe('the Asana change stream with the workspace stream', () => {
  it('uses one subscription when the token may read it, and falls back when it no longer may', async () => {
    sim.setWorkspaceEvents(true);
    try {
      const first = await read(null);
      expect(first).toMatchObject({ expired: true, changes: [] });
      expect(JSON.parse(first.cursor)).toMatchObject({ mode: 'workspace' });
      const task = sim.data.taskGids({ projectGid: sim.data.projects[0]!.gid })[0]!;
      sim.updateTask(task, { name: 'seen by the workspace stream' });
      const before = eventReads();
      const page = await read(first.cursor);
      expect(eventReads() - before).toBe(1);
      expect(ids(page, 'upsert')).toEqual([task]);
      sim.setWorkspaceEvents(false);
      const fallback = await read(page.cursor);
      expect(JSON.parse(fallback.cursor)).toMatchObject({ mode: 'projects' });
      expect(fallback.resync).toBe('incremental');
    } finally {
      sim.setWorkspaceEvents(false);
    }
  });
});
