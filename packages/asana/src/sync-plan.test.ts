import { childJobs, isSyncJobKind, readSyncPage, unreadableListings } from '@conduit/connector-kit';
import { startTestServer } from '@conduit/testkit';
import { describe, expect, it } from 'vitest';
import { asanaModule } from './asana-module';
import { asanaDefinition } from './definition/definition';
import { asanaSyncPlan as plan } from './sync-plan';

const context = { pageSize: 100, modifiedSince: null };

async function recordingUpstream() {
  const server = await startTestServer({ '*': { json: { data: [], next_page: null } } });
  const executor = asanaModule.createExecutor({
    credentials: { token: 't' },
    baseUrl: `${server.url}/api/1.0`,
    rateLimit: false,
    retry: false,
  });
  return { server, executor };
}

describe('the sync plan of the Asana connector', () => {
  it('reads only list actions of the definition, so no path is typed twice', () => {
    expect(unreadableListings(asanaDefinition, plan)).toEqual([]);
  });

  it('asks for the searchable fields of each entity, a page at a time', async () => {
    const { server, executor } = await recordingUpstream();
    try {
      await readSyncPage(executor, plan, { kind: 'sections', parent: '7' }, 'next', context);
      await readSyncPage(executor, plan, { kind: 'users', parent: '1' }, null, context);
      await readSyncPage(executor, plan, { kind: 'attachments', parent: '5' }, null, context);
      const [sections, users, attachments] = server.requests;
      expect(sections?.path).toBe('/api/1.0/projects/7/sections');
      expect(Object.fromEntries(sections?.query ?? [])).toEqual({
        // gid and resource_type come unasked (and the spec refuses them); a reference comes with its name.
        opt_fields: 'created_at,name,project.name',
        limit: '100',
        offset: 'next',
      });
      expect(users?.path).toBe('/api/1.0/users');
      expect(users?.query.get('workspace')).toBe('1');
      expect(attachments?.path).toBe('/api/1.0/attachments');
      expect(attachments?.query.get('parent')).toBe('5');
      expect(attachments?.query.get('opt_fields')?.split(',')).toContain('parent.name');
      expect(attachments?.query.get('opt_fields')?.split(',')).not.toContain('resource_type');
    } finally {
      await server.close();
    }
  });

  it('lists tasks per project, modified since the last run on incremental runs', async () => {
    const { server, executor } = await recordingUpstream();
    try {
      await readSyncPage(executor, plan, { kind: 'project_tasks', parent: '9' }, null, {
        pageSize: 50,
        modifiedSince: '2026-01-01T00:00:00.000Z',
      });
      expect(server.requests[0]?.path).toBe('/api/1.0/tasks');
      expect(Object.fromEntries(server.requests[0]?.query ?? [])).toMatchObject({
        project: '9',
        modified_since: '2026-01-01T00:00:00.000Z',
        limit: '50',
      });
    } finally {
      await server.close();
    }
  });

  it('reads the tasks in no project from "My tasks", keeping only those no project holds', async () => {
    const mine = [
      { gid: '10', projects: [], parent: null, num_subtasks: 1 },
      { gid: '11', projects: [{ gid: '9', name: 'Launch' }], parent: null },
      { gid: '12', projects: [], parent: { gid: '10', name: 'A loose task' } },
    ];
    const server = await startTestServer({ '*': { json: { data: mine, next_page: null } } });
    const executor = asanaModule.createExecutor({
      credentials: { token: 't' },
      baseUrl: `${server.url}/api/1.0`,
      rateLimit: false,
      retry: false,
    });
    try {
      const page = await readSyncPage(executor, plan, { kind: 'loose_tasks', parent: '1' }, null, {
        pageSize: 100,
        modifiedSince: '2026-01-01T00:00:00.000Z',
      });
      expect(Object.fromEntries(server.requests[0]?.query ?? [])).toMatchObject({
        workspace: '1',
        assignee: 'me',
        modified_since: '2026-01-01T00:00:00.000Z',
      });
      // The task in a project is read under its project; the subtask under its parent.
      expect(page.records.map((record) => record.gid)).toEqual(['10']);
      expect(childJobs(plan, 'loose_tasks', page.records)).toEqual([
        { kind: 'attachments', parent: '10' },
        { kind: 'subtasks', parent: '10' },
      ]);
    } finally {
      await server.close();
    }
  });

  it('walks the hierarchy', () => {
    expect(childJobs(plan, 'workspaces', [{ gid: '1' }])).toEqual([
      { kind: 'teams', parent: '1' },
      { kind: 'users', parent: '1' },
      { kind: 'tags', parent: '1' },
      { kind: 'projects', parent: '1' },
      { kind: 'loose_tasks', parent: '1' },
    ]);
    expect(childJobs(plan, 'projects', [{ gid: '2' }])).toEqual([
      { kind: 'sections', parent: '2' },
      { kind: 'project_tasks', parent: '2' },
    ]);
    expect(
      childJobs(plan, 'project_tasks', [
        { gid: '3', num_subtasks: 2 },
        { gid: '4', num_subtasks: 0 },
        { name: 'x' },
      ]),
    ).toEqual([
      { kind: 'attachments', parent: '3' },
      { kind: 'subtasks', parent: '3' },
      { kind: 'attachments', parent: '4' },
    ]);
    expect(childJobs(plan, 'attachments', [{ gid: '5' }])).toEqual([]);
  });

  it('knows what a failed listing leaves incomplete', () => {
    expect(plan.listings.subtasks.entity).toBe('tasks');
    expect(plan.listings.projects.incompleteOnFailure).toEqual([
      'projects',
      'sections',
      'tasks',
      'attachments',
    ]);
    expect(isSyncJobKind(plan, 'subtasks')).toBe(true);
    expect(isSyncJobKind(plan, '__proto__')).toBe(false);
  });
});
