import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import type { AsanaDataset } from './asana-dataset';
import { resolveAsanaDatasetOptions } from './dataset-options';
import { generateAsanaDataset } from './generate-dataset';
import type { RecordContext } from './record-context';
import { taskRecord } from './task-records';

function recordsOf(data: AsanaDataset): unknown[] {
  const ctx: RecordContext = {
    data,
    appOrigin: 'http://app.test',
    downloadOrigin: 'http://files.test',
    now: 0,
    signDownloadUrl: (attachment) => `http://files.test/${attachment.gid}`,
  };
  return Array.from({ length: data.taskCount }, (_, row) => taskRecord(ctx, row, true));
}

describe('generateAsanaDataset', () => {
  it('is deterministic: the same seed gives identical data', () => {
    const a = generateAsanaDataset({ seed: 99 });
    const b = generateAsanaDataset({ seed: 99 });
    expect(b.workspaces).toEqual(a.workspaces);
    expect(b.users).toEqual(a.users);
    expect(b.projects).toEqual(a.projects);
    expect(b.attachments).toEqual(a.attachments);
    expect(recordsOf(b)).toEqual(recordsOf(a));
    const c = generateAsanaDataset({ seed: 100 });
    expect(c.projects[0]!.gid).not.toBe(a.projects[0]!.gid);
    expect(recordsOf(c)).not.toEqual(recordsOf(a));
    expect(generateAsanaDataset({ seed: 'demo' }).users).toEqual(
      generateAsanaDataset({ seed: 'demo' }).users,
    );
  });

  it('builds the requested shape', () => {
    const data = generateAsanaDataset({
      workspaces: 2,
      teamsPerWorkspace: 3,
      usersPerWorkspace: 5,
      projectsPerTeam: 2,
      sectionsPerProject: 4,
      tasksPerProject: 30,
      subtaskRatio: 1,
      dependencyRatio: 0.5,
      attachmentsPerTask: 0.5,
      tagsPerWorkspace: 6,
    });
    expect(data.workspaces).toHaveLength(2);
    expect(data.teams).toHaveLength(6);
    expect(data.users).toHaveLength(1 + 2 * 4);
    expect(data.me.workspaceGids).toEqual(data.workspaces.map((w) => w.gid));
    expect(data.projects).toHaveLength(12);
    expect(data.sections).toHaveLength(48);
    expect(data.tags).toHaveLength(12);
    for (const project of data.projects) {
      const top = data
        .taskGids({ projectGid: project.gid })
        .filter((gid) => data.task(gid)!.projectGids[0] === project.gid);
      expect(top).toHaveLength(30);
    }
    const subtasks = data.taskGids().filter((gid) => data.task(gid)!.parentGid !== null);
    expect(subtasks.length).toBeGreaterThan(12 * 30 * 0.7);
    const withDeps = data.taskGids().filter((gid) => data.dependencyGids(gid).length > 0);
    expect(withDeps.length).toBeGreaterThan(12 * 30 * 0.3);
    expect(data.attachments.length).toBeGreaterThan(100);
    const hosts = new Set(data.attachments.map((a) => a.host));
    expect(hosts).toEqual(new Set(['asana', 'gdrive', 'dropbox', 'box', 'onedrive', 'vimeo', 'external']));
  });

  it('spreads timestamps before the anchor so modified_since selects subsets', () => {
    const data = generateAsanaDataset({
      tasksPerProject: 100,
      anchor: '2025-01-01T00:00:00Z',
      historyDays: 365,
    });
    const snapshots = data.taskGids().map((gid) => data.task(gid)!);
    const anchor = Date.parse('2025-01-01T00:00:00Z');
    for (const task of snapshots) {
      expect(task.createdAt).toBeGreaterThanOrEqual(anchor - 365 * 86_400_000);
      expect(task.modifiedAt).toBeGreaterThanOrEqual(task.createdAt);
      expect(task.modifiedAt).toBeLessThanOrEqual(anchor);
      if (task.completedAt !== null) expect(task.completedAt).toBeLessThanOrEqual(task.modifiedAt);
    }
    const months = new Set(snapshots.map((task) => new Date(task.modifiedAt).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThan(6);
  });

  it('builds the human-readable sandbox preset', () => {
    const data = generateAsanaDataset({ preset: 'sandbox' });
    expect(data.workspaces.map((w) => w.name)).toEqual(['Northwind Studio', 'Personal Projects']);
    expect(data.me.name).toBe('Alex Morgan');
    expect(data.me.email).toBe('alex.morgan@northwind.example');
    expect(data.projects.map((p) => p.name)).toContain('Website relaunch');
    const names = data.taskGids().map((gid) => data.task(gid)!.name);
    expect(names).toContain('Draft homepage copy');
    expect(names).toContain('Write hero headline options');
    const relaunch = data.projects.find((p) => p.name === 'Website relaunch')!;
    const wireframes = data
      .taskGids({ projectGid: relaunch.gid })
      .find((gid) => data.task(gid)!.name === 'Homepage wireframes')!;
    expect(data.dependencyGids(wireframes).map((gid) => data.task(gid)!.name)).toEqual([
      'Draft homepage copy',
    ]);
    expect(data.user('tomas.garcia@northwind.example')?.name).toBe('Tomás García');
  });

  it('holds one project of 200,000 tasks in modest memory, generated in seconds', () => {
    const before = process.memoryUsage();
    const started = performance.now();
    const data = generateAsanaDataset({ preset: 'benchmark' });
    const elapsed = performance.now() - started;
    const after = process.memoryUsage();
    expect(data.largeProject).toBeDefined();
    const gids = data.taskGids({ projectGid: data.largeProject!.gid });
    expect(gids).toHaveLength(200_000);
    expect(elapsed).toBeLessThan(5_000);
    const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    expect(grown).toBeLessThan(150 * 1024 * 1024);
    const last = data.task(gids.at(-1)!)!;
    expect(last.projectGids).toEqual([data.largeProject!.gid]);
    expect(last.name.length).toBeGreaterThan(3);
  }, 30_000);

  it('rejects invalid options loudly', () => {
    expect(() => resolveAsanaDatasetOptions({ tasksPerProject: -1 })).toThrow(ValidationError);
    expect(() => resolveAsanaDatasetOptions({ workspaces: 0 })).toThrow(/workspaces/);
    expect(() => resolveAsanaDatasetOptions({ completedRatio: 2 })).toThrow(/completedRatio/);
    expect(() => resolveAsanaDatasetOptions({ anchor: 'soon' })).toThrow(/anchor/);
    expect(() => resolveAsanaDatasetOptions({ preset: 'huge' as 'tiny' })).toThrow(/preset/);
    expect(resolveAsanaDatasetOptions({ preset: 'benchmark', tasksPerProject: 3 })).toMatchObject({
      tasksPerProject: 3,
      largeProject: { tasks: 200_000 },
    });
  });
});

describe('dataset mutations', () => {
  it('adds subtasks and tasks in sections, updates fields, moves sections, and deletes recursively', () => {
    const data = generateAsanaDataset({ seed: 21 });
    data.clock = { now: () => Date.parse('2026-01-01T00:00:00Z') };
    const project = data.projects[0]!;
    const [, secondSection] = project.sectionGids;
    const parent = data.addTask({ sectionGid: secondSection!, name: 'Parent', tagGids: [data.tags[0]!.gid] });
    expect(data.taskGids({ sectionGid: secondSection! }).at(-1)).toBe(parent.gid);
    expect(data.taskGids({ tagGid: data.tags[0]!.gid })).toContain(parent.gid);
    const child = data.addTask({ parentGid: parent.gid, name: 'Child' });
    data.addTask({ parentGid: child.gid, name: 'Grandchild' });
    expect(data.task(parent.gid)!.numSubtasks).toBe(1);
    const moved = data.updateTask(parent.gid, {
      sectionGid: project.sectionGids[0]!,
      dueOn: '2026-02-01',
      assigneeGid: data.me.gid,
      modifiedAt: Date.parse('2026-01-02T00:00:00Z'),
    });
    expect(moved).toMatchObject({
      dueOn: '2026-02-01',
      assigneeGid: data.me.gid,
      sectionGids: [project.sectionGids[0]],
    });
    expect(moved.modifiedAt).toBe(Date.parse('2026-01-02T00:00:00Z'));
    expect(data.taskGids({ sectionGid: secondSection! })).not.toContain(parent.gid);
    expect(data.deleteTask(parent.gid)).toBe(3);
    expect(data.task(child.gid)!.deleted).toBe(true);
    expect(data.taskGids({ projectGid: project.gid })).not.toContain(parent.gid);
  });

  it('validates its inputs', () => {
    const data = generateAsanaDataset({ seed: 22 });
    expect(() => data.addTask({ name: 'Nowhere' })).toThrow(ValidationError);
    expect(() => data.addTask({ projectGid: '1', name: 'x' })).toThrow(/projectGid/);
    const task = data.taskGids()[0]!;
    expect(() => data.updateTask(task, { dueOn: '2026-02-30' })).toThrow(/dueOn/);
    expect(() => data.updateTask(task, { sectionGid: data.projects[1]!.sectionGids[0]! })).toThrow(
      /sectionGid/,
    );
    expect(() => data.addAttachment({ parentGid: task, size: -5 })).toThrow(/size/);
    expect(() => data.setPremium('1', false)).toThrow(/workspace/);
  });
});
