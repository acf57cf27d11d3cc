import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsanaDataset } from './asana-dataset';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';

let sim: AsanaSimulator;
let data: AsanaDataset;

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & {
    data?: unknown;
    next_page?: unknown;
    errors?: Array<{ message: string }>;
  };
}

async function get(path: string, token: string | null = sim.tokens.personalAccessToken): Promise<Reply> {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Reply['body'],
  };
}

function list(reply: Reply): Array<Record<string, unknown>> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as Array<Record<string, unknown>>;
}

function item(reply: Reply): Record<string, unknown> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as Record<string, unknown>;
}

function errorMessage(reply: Reply): string | undefined {
  return reply.body.errors?.[0]?.message;
}

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 }, rateLimit: false });
  data = sim.data;
});

afterAll(async () => {
  await sim.close();
});

const liveProject = () =>
  data.projects.find(
    (project) => !project.archived && data.taskGids({ projectGid: project.gid }).length > 0,
  )!;
const taskWith = (predicate: (gid: string) => boolean): string => {
  const gid = data.taskGids().find(predicate);
  if (gid === undefined) throw new Error('the tiny dataset lacks a task the test needs');
  return gid;
};

describe('basics', () => {
  it('serves JSON under /api/1.0 with the API content type', async () => {
    const response = await fetch(`${sim.baseUrl}/users/me`, {
      headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(sim.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/1\.0$/);
    expect(sim.downloadOrigin).not.toBe(sim.origin);
  });

  it('answers 401 Not Authorized without, with a wrong, or with a malformed token', async () => {
    for (const token of [null, 'nope', '']) {
      const reply = await get('/workspaces', token);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ errors: [{ message: 'Not Authorized' }] });
    }
    const basic = await fetch(`${sim.baseUrl}/workspaces`, {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.status).toBe(401);
  });

  it('answers unknown routes with 404 in the error envelope', async () => {
    const reply = await get('/no/such/thing');
    expect(reply.status).toBe(404);
    expect(errorMessage(reply)).toBe('No matching route for request');
  });

  it('indents the body for opt_pretty, with or without a value', async () => {
    for (const query of ['opt_pretty', 'opt_pretty=true']) {
      const text = await (
        await fetch(`${sim.baseUrl}/users/me?${query}`, {
          headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
        })
      ).text();
      expect(text).toContain('\n  "data": {');
    }
  });
});

describe('workspaces, users, teams', () => {
  it('lists workspaces compactly and gets the full record', async () => {
    const workspaces = list(await get('/workspaces'));
    expect(workspaces).toEqual(
      data.workspaces.map((w) => ({ gid: w.gid, resource_type: 'workspace', name: w.name })),
    );
    const full = item(await get(`/workspaces/${data.workspaces[0]!.gid}`));
    expect(full).toEqual({
      gid: data.workspaces[0]!.gid,
      resource_type: 'workspace',
      name: data.workspaces[0]!.name,
      email_domains: [...data.workspaces[0]!.emailDomains],
      is_organization: true,
    });
  });

  it('gets a user by me, by gid and by email', async () => {
    const me = item(await get('/users/me'));
    expect(me).toMatchObject({
      gid: data.me.gid,
      resource_type: 'user',
      name: data.me.name,
      email: data.me.email,
    });
    expect(me.workspaces).toEqual(
      data.workspaces.map((w) => ({ gid: w.gid, resource_type: 'workspace', name: w.name })),
    );
    const other = data.users[2]!;
    expect(item(await get(`/users/${other.gid}`)).email).toBe(other.email);
    expect(item(await get(`/users/${encodeURIComponent(other.email)}`)).gid).toBe(other.gid);
    const photoOwner = data.users.find((user) => user.photo)!;
    const photo = item(await get(`/users/${photoOwner.gid}`)).photo as Record<string, string>;
    expect(Object.keys(photo)).toEqual([
      'image_21x21',
      'image_27x27',
      'image_36x36',
      'image_60x60',
      'image_128x128',
      'image_1024x1024',
    ]);
    const image = await fetch(photo.image_60x60!);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('lists users sorted by gid, filtered by workspace and team', async () => {
    const all = list(await get('/users'));
    const gids = all.map((user) => user.gid as string);
    expect(gids).toEqual([...gids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    const team = data.teams[1]!;
    const teamUsers = list(await get(`/users?team=${team.gid}`)).map((user) => user.gid);
    expect(new Set(teamUsers)).toEqual(new Set(team.memberGids));
    expect(list(await get(`/users?workspace=${data.workspaces[0]!.gid}&limit=2`))).toHaveLength(2);
  });

  it('lists workspace and team users alphabetically, without next_page, ignoring limit', async () => {
    const reply = await get(`/workspaces/${data.workspaces[0]!.gid}/users?limit=1`);
    const names = list(reply).map((user) => user.name as string);
    expect(names).toHaveLength(data.users.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect('next_page' in reply.body).toBe(false);
    const team = data.teams[0]!;
    const teamReply = await get(`/teams/${team.gid}/users`);
    expect(list(teamReply).map((user) => user.gid)).toHaveLength(team.memberGids.length);
    expect('next_page' in teamReply.body).toBe(false);
  });

  it('caps workspace user lists at the configured size', async () => {
    const capped = await startAsanaSimulator({ dataset: data, userListCap: 3, rateLimit: false });
    try {
      const response = await fetch(`${capped.baseUrl}/workspaces/${data.workspaces[0]!.gid}/users`, {
        headers: { authorization: `Bearer ${capped.tokens.personalAccessToken}` },
      });
      expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(3);
    } finally {
      await capped.close();
    }
  });

  it('gets teams, lists them per workspace and per user (organization required)', async () => {
    const team = data.teams[0]!;
    const full = item(await get(`/teams/${team.gid}`));
    expect(full).toMatchObject({
      gid: team.gid,
      resource_type: 'team',
      name: team.name,
      description: team.description,
      organization: { gid: team.workspaceGid, resource_type: 'workspace' },
      visibility: team.visibility,
    });
    expect(full.permalink_url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(list(await get(`/workspaces/${team.workspaceGid}/teams`)).map((t) => t.gid)).toEqual(
      data.teams.map((t) => t.gid),
    );
    const mine = list(await get(`/users/me/teams?organization=${team.workspaceGid}`));
    expect(mine.map((t) => t.gid)).toEqual(data.me.teamGids);
    const missing = await get('/users/me/teams');
    expect(missing.status).toBe(400);
    expect(errorMessage(missing)).toBe('organization: Missing input');
  });
});

describe('projects and sections', () => {
  it('lists projects by workspace, team and archived state', async () => {
    const workspace = data.workspaces[0]!.gid;
    const all = list(await get(`/projects?workspace=${workspace}`));
    expect(all.map((p) => p.gid)).toEqual(data.projects.map((p) => p.gid));
    expect(all[0]).toEqual({
      gid: data.projects[0]!.gid,
      resource_type: 'project',
      name: data.projects[0]!.name,
    });
    const archived = list(await get(`/workspaces/${workspace}/projects?archived=true`)).map((p) => p.gid);
    expect(archived).toEqual(data.projects.filter((p) => p.archived).map((p) => p.gid));
    expect(archived.length).toBeGreaterThan(0);
    const team = data.teams[1]!;
    expect(list(await get(`/teams/${team.gid}/projects?archived=false`)).map((p) => p.gid)).toEqual(
      data.projects.filter((p) => p.teamGid === team.gid && !p.archived).map((p) => p.gid),
    );
    expect(list(await get(`/projects?team=${team.gid}`)).length).toBe(
      data.projects.filter((p) => p.teamGid === team.gid).length,
    );
  });

  it('gets the full project record, sections of a project and a section', async () => {
    const project = liveProject();
    const full = item(await get(`/projects/${project.gid}`));
    expect(full).toMatchObject({
      gid: project.gid,
      resource_type: 'project',
      name: project.name,
      archived: project.archived,
      notes: project.notes,
      team: { gid: project.teamGid, resource_type: 'team' },
      workspace: { gid: project.workspaceGid, resource_type: 'workspace' },
      custom_fields: [],
    });
    expect('html_notes' in full).toBe(false);
    const sections = list(await get(`/projects/${project.gid}/sections`));
    expect(sections.map((s) => s.gid)).toEqual(project.sectionGids);
    const section = item(await get(`/sections/${project.sectionGids[0]}`));
    expect(section.project).toEqual({ gid: project.gid, resource_type: 'project', name: project.name });
    expect(section.projects).toEqual([section.project]);
  });
});

describe('tasks', () => {
  it('lists a project in section order, compact by default', async () => {
    const project = liveProject();
    const tasks = list(await get(`/projects/${project.gid}/tasks`));
    expect(tasks.map((t) => t.gid)).toEqual(data.taskGids({ projectGid: project.gid }));
    expect(Object.keys(tasks[0]!)).toEqual(['gid', 'resource_type', 'name', 'resource_subtype']);
    expect(list(await get(`/tasks?project=${project.gid}`)).map((t) => t.gid)).toEqual(
      tasks.map((t) => t.gid),
    );
  });

  it('gets a full task record matching the dataset', async () => {
    const gid = taskWith((g) => data.task(g)!.assigneeGid !== null && data.task(g)!.parentGid === null);
    const snapshot = data.task(gid)!;
    const task = item(await get(`/tasks/${gid}`));
    expect(task).toMatchObject({
      gid,
      resource_type: 'task',
      name: snapshot.name,
      notes: snapshot.notes,
      completed: snapshot.completed,
      assignee: { gid: snapshot.assigneeGid, resource_type: 'user' },
      parent: null,
      custom_fields: [],
      num_subtasks: snapshot.numSubtasks,
      workspace: { gid: snapshot.workspaceGid, resource_type: 'workspace' },
    });
    expect((task.projects as Array<{ gid: string }>).map((p) => p.gid)).toEqual(snapshot.projectGids);
    expect((task.memberships as Array<{ section: { gid: string } }>).map((m) => m.section.gid)).toEqual(
      snapshot.sectionGids,
    );
    expect(task.created_at).toBe(new Date(snapshot.createdAt).toISOString());
    expect('created_by' in task).toBe(false);
  });

  it('lists subtasks, and subtasks point at their parent', async () => {
    const parent = taskWith((g) => data.subtaskGids(g).length > 0);
    const subtasks = list(await get(`/tasks/${parent}/subtasks`));
    expect(subtasks.map((t) => t.gid)).toEqual(data.subtaskGids(parent));
    const child = item(await get(`/tasks/${subtasks[0]!.gid}`));
    expect((child.parent as { gid: string }).gid).toBe(parent);
    expect(child.projects).toEqual([]);
  });

  it('lists dependencies and dependents, and answers 402 when the workspace is not premium', async () => {
    const task = taskWith((g) => data.dependencyGids(g).length > 0);
    const blockers = list(await get(`/tasks/${task}/dependencies`)).map((t) => t.gid);
    expect(blockers).toEqual(data.dependencyGids(task));
    expect(list(await get(`/tasks/${blockers[0]}/dependents`)).map((t) => t.gid)).toContain(task);
    const workspace = data.task(task)!.workspaceGid;
    sim.setPremium(workspace, false);
    try {
      const reply = await get(`/tasks/${task}/dependencies`);
      expect(reply.status).toBe(402);
      expect(errorMessage(reply)).toMatch(/premium/);
      expect((await get(`/tasks/${task}/dependents`)).status).toBe(402);
    } finally {
      sim.setPremium(workspace, true);
    }
  });

  it('lists the projects of a task, including a second project of multi-homed tasks', async () => {
    const multi = taskWith((g) => data.task(g)!.projectGids.length > 1);
    const projects = list(await get(`/tasks/${multi}/projects`)).map((p) => p.gid);
    expect(projects).toEqual(data.task(multi)!.projectGids);
    const [, second] = projects;
    expect(list(await get(`/projects/${second}/tasks`)).map((t) => t.gid)).toContain(multi);
  });

  it('lists tasks of a section, of a tag, and of workspace + assignee', async () => {
    const project = liveProject();
    const section = project.sectionGids[0]!;
    expect(list(await get(`/sections/${section}/tasks`)).map((t) => t.gid)).toEqual(
      data.taskGids({ sectionGid: section }),
    );
    expect(list(await get(`/tasks?section=${section}`)).map((t) => t.gid)).toEqual(
      data.taskGids({ sectionGid: section }),
    );
    const tag = data.tags.find((t) => data.taskGids({ tagGid: t.gid }).length > 0)!;
    expect(list(await get(`/tags/${tag.gid}/tasks`)).map((t) => t.gid)).toEqual(
      data.taskGids({ tagGid: tag.gid }),
    );
    expect(list(await get(`/tasks?tag=${tag.gid}`)).map((t) => t.gid)).toEqual(
      data.taskGids({ tagGid: tag.gid }),
    );
    const workspace = data.workspaces[0]!.gid;
    const mine = list(await get(`/tasks?workspace=${workspace}&assignee=me`)).map((t) => t.gid);
    expect(mine).toEqual(data.taskGids({ workspaceGid: workspace, assigneeGid: data.me.gid }));
    expect(mine.length).toBeGreaterThan(0);
  });

  it('enforces the GET /tasks filter rule with the measured message', async () => {
    const project = liveProject();
    const workspace = data.workspaces[0]!.gid;
    for (const query of [
      '',
      `?workspace=${workspace}`,
      `?assignee=me`,
      `?project=${project.gid}&section=${project.sectionGids[0]}`,
      `?project=${project.gid}&workspace=${workspace}&assignee=me`,
    ]) {
      const reply = await get(`/tasks${query}`);
      expect(reply.status, query).toBe(400);
      expect(errorMessage(reply)).toBe(
        'Must specify exactly one of project, tag, section, user task list, or assignee + workspace',
      );
    }
  });

  it('filters by completed_since (a date-time or now) and modified_since', async () => {
    const project = liveProject();
    const all = data.taskGids({ projectGid: project.gid }).map((gid) => data.task(gid)!);
    const open = list(await get(`/projects/${project.gid}/tasks?completed_since=now`)).map((t) => t.gid);
    expect(open).toEqual(all.filter((t) => !t.completed).map((t) => t.gid));
    const times = all.map((t) => t.modifiedAt).sort((a, b) => a - b);
    const cut = times[Math.floor(times.length / 2)]!;
    const iso = new Date(cut).toISOString();
    const recent = list(await get(`/tasks?project=${project.gid}&modified_since=${iso}`)).map((t) => t.gid);
    expect(recent).toEqual(all.filter((t) => t.modifiedAt >= cut).map((t) => t.gid));
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(all.length);
    const since = list(await get(`/tasks?project=${project.gid}&completed_since=${iso}`)).map((t) => t.gid);
    expect(since).toEqual(all.filter((t) => !t.completed || (t.completedAt ?? 0) >= cut).map((t) => t.gid));
    const bad = await get(`/tasks?project=${project.gid}&modified_since=yesterday`);
    expect(bad.status).toBe(400);
    expect(errorMessage(bad)).toMatch(/^modified_since: /);
  });
});

describe('tags and attachments', () => {
  it('lists workspace tags and gets a tag', async () => {
    const workspace = data.workspaces[0]!.gid;
    expect(list(await get(`/workspaces/${workspace}/tags`)).map((t) => t.gid)).toEqual(
      data.tags.map((t) => t.gid),
    );
    expect(list(await get(`/tags?workspace=${workspace}`)).map((t) => t.gid)).toEqual(
      data.tags.map((t) => t.gid),
    );
    const tag = data.tags[0]!;
    expect(item(await get(`/tags/${tag.gid}`))).toMatchObject({
      gid: tag.gid,
      resource_type: 'tag',
      name: tag.name,
      color: tag.color,
      workspace: { gid: workspace, resource_type: 'workspace' },
    });
  });

  it('lists attachments of a task and gets them with host-specific fields', async () => {
    const withFiles = taskWith((g) => data.attachmentsOf(g).length > 0);
    const listed = list(await get(`/attachments?parent=${withFiles}`));
    expect(listed.map((a) => a.gid)).toEqual(data.attachmentsOf(withFiles).map((a) => a.gid));
    expect(Object.keys(listed[0]!)).toEqual(['gid', 'resource_type', 'name', 'resource_subtype']);
    for (const host of ['asana', 'vimeo', 'box', 'gdrive', 'dropbox'] as const) {
      const attachment = data.attachments.find((a) => a.host === host && a.parentType === 'task');
      if (attachment === undefined) continue;
      const full = item(await get(`/attachments/${attachment.gid}`));
      expect(full.host).toBe(host);
      expect(full.resource_subtype).toBe(host);
      expect('size' in full).toBe(host === 'asana');
      if (host === 'vimeo' || host === 'box') expect(full.download_url).toBeNull();
      else expect(String(full.download_url)).toMatch(new RegExp(`^${sim.downloadOrigin}/`));
      expect('connected_to_app' in full).toBe(host === 'gdrive');
      expect(full.parent).toEqual({
        gid: attachment.parentGid,
        resource_type: 'task',
        name: data.task(attachment.parentGid)!.name,
        resource_subtype: data.task(attachment.parentGid)!.resourceSubtype,
      });
    }
  });

  it('requires parent on the attachments list', async () => {
    const reply = await get('/attachments');
    expect(reply.status).toBe(400);
    expect(errorMessage(reply)).toBe('parent: Missing input');
  });
});

describe('unknown ids', () => {
  it.each([
    ['/tasks/1', 'task: Not a recognized ID: 1'],
    ['/tasks/1/subtasks', 'task: Not a recognized ID: 1'],
    ['/projects/42', 'project: Not a recognized ID: 42'],
    ['/projects/42/tasks', 'project: Not a recognized ID: 42'],
    ['/sections/7', 'section: Not a recognized ID: 7'],
    ['/teams/7', 'team: Not a recognized ID: 7'],
    ['/workspaces/we', 'workspace: Not a recognized ID: we'],
    ['/users/3', 'user: Not a recognized ID: 3'],
    ['/tags/3', 'tag: Not a recognized ID: 3'],
    ['/attachments/3', 'attachment: Not a recognized ID: 3'],
    ['/tasks?project=99', 'project: Not a recognized ID: 99'],
    ['/attachments?parent=99', 'parent: Not a recognized ID: 99'],
  ])('%s answers 404 naming the field', async (path, message) => {
    const reply = await get(path);
    expect(reply.status).toBe(404);
    expect(reply.body.errors).toEqual([
      {
        message,
        help: 'For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors',
      },
    ]);
  });
});

describe('mutations', () => {
  it('reflects added, updated and deleted tasks, bumping modified_at', async () => {
    const project = liveProject();
    const before = Date.now();
    const created = sim.addTask({
      projectGid: project.gid,
      name: 'Order conference banners',
      notes: 'Two roll-ups',
    });
    expect(list(await get(`/projects/${project.gid}/tasks`)).map((t) => t.gid)).toContain(created.gid);
    const task = item(await get(`/tasks/${created.gid}`));
    expect(task).toMatchObject({ name: 'Order conference banners', notes: 'Two roll-ups', completed: false });
    sim.updateTask(created.gid, { completed: true, name: 'Banners ordered' });
    const updated = item(await get(`/tasks/${created.gid}`));
    expect(updated).toMatchObject({ name: 'Banners ordered', completed: true });
    expect(Date.parse(String(updated.modified_at))).toBeGreaterThanOrEqual(before);
    const since = new Date(before - 1).toISOString();
    expect(
      list(await get(`/tasks?project=${project.gid}&modified_since=${since}`)).map((t) => t.gid),
    ).toEqual([created.gid]);
    sim.deleteTask(created.gid);
    expect((await get(`/tasks/${created.gid}`)).status).toBe(404);
    expect(list(await get(`/projects/${project.gid}/tasks`)).map((t) => t.gid)).not.toContain(created.gid);
  });
});
