import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';
import {
  SYNC_TOKEN_EXPIRED_MESSAGE,
  SYNC_TOKEN_TTL_MS,
  WORKSPACE_EVENTS_REFUSED_MESSAGE,
} from './events-endpoint';

let sim: AsanaSimulator;

interface EventsReply {
  status: number;
  body: {
    data?: Array<Record<string, unknown>>;
    sync?: string;
    has_more?: boolean;
    errors?: Array<{ message: string }>;
  };
}

async function events(path: string): Promise<EventsReply> {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
  });
  return { status: response.status, body: (await response.json()) as EventsReply['body'] };
}

/** A fresh token for a subscription: the first call answers 412 with one. */
async function subscribe(query: string): Promise<string> {
  const first = await events(query);
  expect(first.status).toBe(412);
  expect(first.body.errors?.[0]?.message).toBe(SYNC_TOKEN_EXPIRED_MESSAGE);
  expect(typeof first.body.sync).toBe('string');
  return first.body.sync!;
}

beforeAll(async () => {
  sim = await startAsanaSimulator({
    dataset: { preset: 'tiny', seed: 5 },
    rateLimit: false,
    clock: 'manual',
  });
});

afterAll(async () => {
  await sim?.close();
});

const project = () => sim.data.projects.find((row) => sim.data.taskGids({ projectGid: row.gid }).length > 0)!;

describe('the Events API', () => {
  it('answers 412 with a fresh token first, then the events of a project’s tasks since the token', async () => {
    const { gid } = project();
    const token = await subscribe(`/events?resource=${gid}`);
    expect((await events(`/events?resource=${gid}&sync=${token}`)).body).toMatchObject({
      data: [],
      has_more: false,
    });

    const [first] = sim.data.taskGids({ projectGid: gid });
    const added = sim.addTask({ projectGid: gid, name: 'Fresh task' });
    sim.updateTask(first!, { name: 'Renamed', completed: true });
    const attachment = sim.addAttachment({ parentGid: first!, name: 'brief.pdf' });
    sim.deleteTask(added.gid);

    const reply = await events(`/events?resource=${gid}&sync=${token}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data!.map((event) => [event.action, (event.resource as { gid: string }).gid])).toEqual([
      ['added', added.gid],
      ['changed', first],
      ['changed', first],
      ['added', attachment.gid],
      ['deleted', added.gid],
    ]);
    expect(reply.body.data![0]).toMatchObject({
      type: 'task',
      parent: { gid, resource_type: 'project' },
      user: { resource_type: 'user' },
      created_at: expect.stringMatching(/Z$/),
    });
    expect(reply.body.data![1]).toMatchObject({ parent: null, change: { field: 'name', action: 'changed' } });
    expect(reply.body.data![3]).toMatchObject({
      type: 'attachment',
      parent: { gid: first, resource_type: 'task' },
    });
    // The returned token resumes after what was read.
    expect((await events(`/events?resource=${gid}&sync=${reply.body.sync}`)).body.data).toEqual([]);
  });

  it('bubbles a subtask’s events, at any depth, up to its parent’s and the project’s streams (§10)', async () => {
    const { gid } = project();
    const parent = sim.data.taskGids({ projectGid: gid })[0]!;
    const projectToken = await subscribe(`/events?resource=${gid}`);
    const taskToken = await subscribe(`/events?resource=${parent}`);
    const subtask = sim.addTask({ parentGid: parent, name: 'Sub' });
    sim.updateTask(subtask.gid, { notes: 'changed' });
    const deeper = sim.addTask({ parentGid: subtask.gid, name: 'Sub-sub' });
    const onTask = await events(`/events?resource=${parent}&sync=${taskToken}`);
    expect(onTask.body.data!.map((event) => event.action)).toEqual(['added', 'changed', 'added']);
    expect(onTask.body.data![0]).toMatchObject({ parent: { gid: parent, resource_type: 'task' } });
    const onProject = await events(`/events?resource=${gid}&sync=${projectToken}`);
    expect(
      onProject.body.data!.map((event) => [event.action, (event.resource as { gid: string }).gid]),
    ).toEqual([
      ['added', subtask.gid],
      ['changed', subtask.gid],
      ['added', deeper.gid],
    ]);
  });

  it('shows a move between projects as removed on the old project’s stream and added on the new one’s', async () => {
    const { gid } = project();
    const other = sim.data.projects.find((row) => row.gid !== gid && row.sectionGids.length > 0)!.gid;
    const task = sim.data.taskGids({ projectGid: gid })[1]!;
    const fromToken = await subscribe(`/events?resource=${gid}`);
    const toToken = await subscribe(`/events?resource=${other}`);
    sim.moveTask(task, other);
    expect(sim.data.task(task)?.projectGids[0]).toBe(other);
    expect(sim.data.taskGids({ projectGid: gid })).not.toContain(task);
    const from = await events(`/events?resource=${gid}&sync=${fromToken}`);
    expect(from.body.data).toMatchObject([
      { action: 'removed', resource: { gid: task }, parent: { gid, resource_type: 'project' } },
    ]);
    const to = await events(`/events?resource=${other}&sync=${toToken}`);
    expect(to.body.data).toMatchObject([
      { action: 'added', resource: { gid: task }, parent: { gid: other, resource_type: 'project' } },
    ]);
  });

  it('refuses the workspace stream (402) unless the token is an Enterprise+ service account', async () => {
    const { workspaceGid } = project();
    const refused = await events(`/workspaces/${workspaceGid}/events`);
    expect(refused.status).toBe(402);
    expect(refused.body.errors?.[0]?.message).toBe(WORKSPACE_EVENTS_REFUSED_MESSAGE);
    sim.setWorkspaceEvents(true);
    try {
      expect((await events(`/workspaces/${workspaceGid}/events`)).status).toBe(412);
    } finally {
      sim.setWorkspaceEvents(false);
    }
  });

  it('serves a workspace’s events, and pages 100 at a time on a resource with has_more', async () => {
    const { gid, workspaceGid } = project();
    sim.setWorkspaceEvents(true);
    const workspaceToken = await subscribe(`/workspaces/${workspaceGid}/events`);
    const token = await subscribe(`/events?resource=${gid}`);
    for (let index = 0; index < 130; index += 1) sim.addTask({ projectGid: gid, name: `Bulk ${index}` });
    const page = await events(`/events?resource=${gid}&sync=${token}`);
    expect(page.body.data).toHaveLength(100);
    expect(page.body.has_more).toBe(true);
    const rest = await events(`/events?resource=${gid}&sync=${page.body.sync}`);
    expect(rest.body.data).toHaveLength(30);
    expect(rest.body.has_more).toBe(false);
    const all = await events(`/workspaces/${workspaceGid}/events?sync=${workspaceToken}`);
    expect(all.body.data).toHaveLength(130);
    sim.setWorkspaceEvents(false);
  });

  it('answers 412 with a new token for a token that is too old, forged or of another resource', async () => {
    const { gid } = project();
    const other = sim.data.projects.find((row) => row.gid !== gid)!.gid;
    const token = await subscribe(`/events?resource=${gid}`);
    expect((await events(`/events?resource=${other}&sync=${token}`)).status).toBe(412);
    expect((await events(`/events?resource=${gid}&sync=${token.slice(0, -1)}x`)).status).toBe(412);
    sim.clock.advance(SYNC_TOKEN_TTL_MS + 1);
    const expired = await events(`/events?resource=${gid}&sync=${token}`);
    expect(expired.status).toBe(412);
    const renewed = expired.body.sync!;
    expect((await events(`/events?resource=${gid}&sync=${renewed}`)).status).toBe(200);
    sim.data.events.expireTokens();
    expect((await events(`/events?resource=${gid}&sync=${renewed}`)).status).toBe(412);
  });

  it('needs a known resource', async () => {
    expect((await events('/events')).status).toBe(400);
    expect((await events('/events?resource=999999999')).status).toBe(404);
  });
});
