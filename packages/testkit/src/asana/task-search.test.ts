import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsanaDataset } from './asana-dataset';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';
import type { AsanaTaskSnapshot } from './dataset-rows';

let sim: AsanaSimulator;
let data: AsanaDataset;
let workspace: string;
let tasks: AsanaTaskSnapshot[];

async function search(query: string) {
  const response = await fetch(`${sim.baseUrl}/workspaces/${workspace}/tasks/search?${query}`, {
    headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data: Array<{ gid: string; name: string }>;
      errors?: Array<{ message: string; help?: string }>;
    },
  };
}

async function gids(query: string): Promise<string[]> {
  const { status, body } = await search(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.map((task) => task.gid);
}

const byModifiedDesc = (list: AsanaTaskSnapshot[]) =>
  [...list].sort((a, b) => b.modifiedAt - a.modifiedAt || Number(BigInt(b.gid) - BigInt(a.gid)));

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'sandbox' }, rateLimit: false });
  data = sim.data;
  workspace = data.workspaces[0]!.gid;
  tasks = data.taskGids({ workspaceGid: workspace }).map((gid) => data.task(gid)!);
});
afterAll(async () => {
  await sim.close();
});

describe('task search', () => {
  it('finds tasks by words in name or notes, newest modification first, without next_page', async () => {
    const { body } = await search('text=invoice&limit=100');
    const expected = byModifiedDesc(
      tasks.filter((t) => `${t.name} ${t.notes}`.toLowerCase().includes('invoice')),
    );
    expect(body.data.map((t) => t.gid)).toEqual(expected.map((t) => t.gid));
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(body.data.map((t) => t.name)).toContain('Send customer invoices for June');
    expect('next_page' in body).toBe(false);
    expect(await gids('text=homepage%20wireframes')).toEqual([
      tasks.find((t) => t.name === 'Homepage wireframes')!.gid,
    ]);
  });

  it('returns 20 results without limit and at most 100 with it; limit above 100 is a 400', async () => {
    expect(await gids('')).toHaveLength(20);
    expect((await gids('limit=100')).length).toBe(Math.min(100, tasks.length));
    const tooMany = await search('limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.message).toMatch(/^limit: /);
  });

  it('filters by completion, subtype, assignee, creator and followers', async () => {
    const all = 'limit=100';
    expect(new Set(await gids(`${all}&completed=true`))).toEqual(
      new Set(tasks.filter((t) => t.completed).map((t) => t.gid)),
    );
    expect(new Set(await gids(`${all}&resource_subtype=milestone`))).toEqual(
      new Set(tasks.filter((t) => t.resourceSubtype === 'milestone').map((t) => t.gid)),
    );
    const me = data.me.gid;
    expect(new Set(await gids(`${all}&assignee.any=me`))).toEqual(
      new Set(tasks.filter((t) => t.assigneeGid === me).map((t) => t.gid)),
    );
    expect(new Set(await gids(`${all}&assignee.any=null&completed=false`))).toEqual(
      new Set(tasks.filter((t) => t.assigneeGid === null && !t.completed).map((t) => t.gid)),
    );
    const someone = data.users[3]!.gid;
    expect(new Set(await gids(`${all}&followers.any=${someone}`))).toEqual(
      new Set(tasks.filter((t) => t.assigneeGid === someone || t.createdByGid === someone).map((t) => t.gid)),
    );
    expect(new Set(await gids(`${all}&created_by.any=${someone}`))).toEqual(
      new Set(tasks.filter((t) => t.createdByGid === someone).map((t) => t.gid)),
    );
  });

  it('filters by project, section (union when both), team, tags and structure', async () => {
    const all = 'limit=100';
    const [first, second] = data.projects;
    const section = second!.sectionGids[0]!;
    const union = tasks.filter((t) => t.projectGids.includes(first!.gid) || t.sectionGids.includes(section));
    expect(new Set(await gids(`${all}&projects.any=${first!.gid}&sections.any=${section}`))).toEqual(
      new Set(union.map((t) => t.gid)),
    );
    const team = data.teams.find((t) => t.name === 'Operations')!;
    const teamProjects = new Set(data.projects.filter((p) => p.teamGid === team.gid).map((p) => p.gid));
    expect(new Set(await gids(`${all}&teams.any=${team.gid}`))).toEqual(
      new Set(tasks.filter((t) => t.projectGids.some((p) => teamProjects.has(p))).map((t) => t.gid)),
    );
    const urgent = data.tags.find((t) => t.name === 'urgent')!;
    expect(new Set(await gids(`${all}&tags.any=${urgent.gid}`))).toEqual(
      new Set(tasks.filter((t) => t.tagGids.includes(urgent.gid)).map((t) => t.gid)),
    );
    expect(new Set(await gids(`${all}&is_subtask=true`))).toEqual(
      new Set(tasks.filter((t) => t.parentGid !== null).map((t) => t.gid)),
    );
    expect(new Set(await gids(`${all}&has_attachment=true`))).toEqual(
      new Set(tasks.filter((t) => data.attachmentsOf(t.gid).length > 0).map((t) => t.gid)),
    );
  });

  it('filters by date-time and date ranges', async () => {
    const all = 'limit=100';
    const sorted = [...tasks].sort((a, b) => a.createdAt - b.createdAt);
    const cut = sorted[Math.floor(sorted.length / 2)]!.createdAt;
    const iso = new Date(cut).toISOString();
    expect(new Set(await gids(`${all}&created_at.after=${iso}`))).toEqual(
      new Set(tasks.filter((t) => t.createdAt > cut).map((t) => t.gid)),
    );
    expect(new Set(await gids(`${all}&created_at.before=${iso}`))).toEqual(
      new Set(tasks.filter((t) => t.createdAt < cut).map((t) => t.gid)),
    );
    const modifiedCut = sorted[10]!.modifiedAt;
    expect(new Set(await gids(`${all}&modified_at.after=${new Date(modifiedCut).toISOString()}`))).toEqual(
      new Set(tasks.filter((t) => t.modifiedAt > modifiedCut).map((t) => t.gid)),
    );
    const due = tasks
      .filter((t) => t.dueOn !== null)
      .map((t) => t.dueOn!)
      .sort();
    const day = due[Math.floor(due.length / 2)]!;
    expect(new Set(await gids(`${all}&due_on.before=${day}`))).toEqual(
      new Set(tasks.filter((t) => t.dueOn !== null && t.dueOn < day).map((t) => t.gid)),
    );
    expect(new Set(await gids(`${all}&due_on.after=${day}`))).toEqual(
      new Set(tasks.filter((t) => t.dueOn !== null && t.dueOn > day).map((t) => t.gid)),
    );
    const bad = await search('created_at.after=last-week');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.message).toMatch(/^created_at\.after: /);
  });

  it('sorts by created_at ascending, so clients can page by hand', async () => {
    const page = await gids('sort_by=created_at&sort_ascending=true&limit=10');
    const expected = [...tasks].sort((a, b) => a.createdAt - b.createdAt).slice(0, 10);
    expect(page).toEqual(expected.map((t) => t.gid));
    const last = data.task(page.at(-1)!)!;
    const next = await gids(
      `sort_by=created_at&sort_ascending=true&limit=10&created_at.after=${new Date(last.createdAt).toISOString()}`,
    );
    expect(next).toEqual(
      [...tasks]
        .sort((a, b) => a.createdAt - b.createdAt)
        .slice(10, 20)
        .map((t) => t.gid),
    );
  });

  it('sorts by due date with undated tasks last, and rejects unknown sorts', async () => {
    const page = await gids('sort_by=due_date&sort_ascending=true&limit=100');
    const dated = page.map((gid) => data.task(gid)!);
    const firstUndated = dated.findIndex((t) => t.dueOn === null);
    expect(dated.slice(firstUndated).every((t) => t.dueOn === null)).toBe(true);
    expect((await search('sort_by=colour')).status).toBe(400);
  });

  it('answers 402 with the observed body when the workspace is not premium', async () => {
    sim.setPremium(workspace, false);
    try {
      const { status, body } = await search('text=invoice');
      expect(status).toBe(402);
      expect(body).toEqual({
        errors: [
          {
            message: 'Search is only available to premium users.',
            help: 'For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors',
          },
        ],
      });
    } finally {
      sim.setPremium(workspace, true);
    }
  });

  it('rejects unknown ids in filters', async () => {
    const reply = await search('projects.any=123');
    expect(reply.status).toBe(404);
    expect(reply.body.errors?.[0]?.message).toBe('projects.any: Not a recognized ID: 123');
  });
});
