import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AsanaSimulator, startAsanaSimulator } from './asana-simulator';
import { parseOptFields, projectRecord } from './opt-fields';

describe('parseOptFields', () => {
  const tree = (query: string) => {
    const parsed = parseOptFields(new URLSearchParams(query));
    const plain = (node: Map<string, unknown>): unknown =>
      Object.fromEntries([...node].map(([key, child]) => [key, plain(child as Map<string, unknown>)]));
    return parsed === undefined ? undefined : plain(parsed);
  };

  it('is undefined without opt_fields', () => {
    expect(tree('limit=5')).toBeUndefined();
  });

  it('reads comma-separated and repeated keys alike, with dotted paths', () => {
    const expected = { name: {}, assignee: { email: {} }, memberships: { section: { name: {} } } };
    expect(tree('opt_fields=name,assignee.email,memberships.section.name')).toEqual(expected);
    expect(tree('opt_fields=name&opt_fields=assignee.email&opt_fields=memberships.section.name')).toEqual(
      expected,
    );
  });

  it('expands (a|b) groups and strips this.', () => {
    expect(tree('opt_fields=this.(followers|assignee).email,name')).toEqual({
      followers: { email: {} },
      assignee: { email: {} },
      name: {},
    });
    expect(tree('opt_fields=(a|b).(c|d)')).toEqual({ a: { c: {}, d: {} }, b: { c: {}, d: {} } });
  });
});

describe('projectRecord', () => {
  const resolve = (ref: Record<string, unknown>) =>
    ref.gid === '9' ? { gid: '9', resource_type: 'user', name: 'Ann', email: 'ann@example.test' } : undefined;

  it('keeps exactly the requested fields plus gid, recursing and resolving references', () => {
    const record = {
      gid: '1',
      name: 'Task',
      notes: 'n',
      assignee: { gid: '9', resource_type: 'user', name: 'Ann' },
      memberships: [{ project: { gid: '2', resource_type: 'project', name: 'P' }, section: null }],
      photo: { image_21x21: 'x', image_60x60: 'y' },
    };
    const fields = parseOptFields(
      new URLSearchParams('opt_fields=name,assignee.email,memberships.project,photo.image_60x60,missing'),
    )!;
    expect(projectRecord(record, fields, resolve)).toEqual({
      gid: '1',
      name: 'Task',
      assignee: { gid: '9', email: 'ann@example.test' },
      memberships: [{ project: { gid: '2', resource_type: 'project' } }],
      photo: { image_60x60: 'y' },
    });
  });
});

describe('opt_fields over HTTP', () => {
  let sim: AsanaSimulator;
  const get = async (path: string) => {
    const response = await fetch(`${sim.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
    });
    return (await response.json()) as { data: unknown };
  };

  beforeAll(async () => {
    sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 3 }, rateLimit: false });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('returns exactly the requested fields plus gid on a get', async () => {
    const gid = sim.data.taskGids().find((g) => sim.data.task(g)!.assigneeGid !== null)!;
    const { data } = await get(`/tasks/${gid}?opt_fields=name,notes`);
    expect(data).toEqual({ gid, name: sim.data.task(gid)!.name, notes: sim.data.task(gid)!.notes });
  });

  it('reaches into nested objects, resolving them to full records, and adds gid on each', async () => {
    const gid = sim.data.taskGids().find((g) => sim.data.task(g)!.assigneeGid !== null)!;
    const snapshot = sim.data.task(gid)!;
    const assignee = sim.data.user(snapshot.assigneeGid!)!;
    const { data } = (await get(
      `/tasks/${gid}?opt_fields=assignee.(email|name),memberships.section.name,workspace`,
    )) as { data: Record<string, unknown> };
    expect(data.assignee).toEqual({ gid: assignee.gid, email: assignee.email, name: assignee.name });
    expect(data.workspace).toEqual({ gid: snapshot.workspaceGid, resource_type: 'workspace' });
    expect(data.memberships).toEqual(
      snapshot.sectionGids.map((section) => ({
        section: { gid: section, name: sim.data.section(section)!.name },
      })),
    );
    expect(Object.keys(data).sort()).toEqual(['assignee', 'gid', 'memberships', 'workspace']);
  });

  it('projects list items the same way, including opt-in fields', async () => {
    const project = sim.data.projects[0]!;
    const { data } = (await get(
      `/projects/${project.gid}/tasks?opt_fields=name,created_by,num_subtasks,parent.name&opt_fields=resource_type`,
    )) as { data: Array<Record<string, unknown>> };
    const first = data[0]!;
    expect(Object.keys(first).sort()).toEqual([
      'created_by',
      'gid',
      'name',
      'num_subtasks',
      'parent',
      'resource_type',
    ]);
    expect(first.created_by).toEqual({
      gid: sim.data.task(String(first.gid))!.createdByGid,
      resource_type: 'user',
    });
    const projects = (await get(`/projects?opt_fields=html_notes,team.name`)) as {
      data: Array<Record<string, unknown>>;
    };
    expect(projects.data[0]).toEqual({
      gid: project.gid,
      html_notes: `<body>${project.notes}</body>`,
      team: { gid: project.teamGid, name: sim.data.team(project.teamGid)!.name },
    });
  });

  it('includes opt-in fields only when asked', async () => {
    const project = sim.data.projects[0]!;
    const full = (await get(`/projects/${project.gid}`)) as { data: Record<string, unknown> };
    expect('html_notes' in full.data).toBe(false);
    expect('project_brief' in full.data).toBe(false);
    const asked = (await get(`/projects/${project.gid}?opt_fields=project_brief,html_notes`)) as {
      data: Record<string, unknown>;
    };
    expect(asked.data).toEqual({
      gid: project.gid,
      project_brief: null,
      html_notes: `<body>${project.notes}</body>`,
    });
  });
});
