import { SEARCHABLE_FIELDS } from '@conduit/asana';
import { describe, expect, it } from 'vitest';
import {
  childJobs,
  entityOfJob,
  incompleteAfterFailure,
  isSyncJobKind,
  listingRequest,
} from './asana-sync-plan';

const context = { pageSize: 100, modifiedSince: null };

describe('the sync plan of the task-management connector', () => {
  it('asks for the searchable fields of each entity, a page at a time', () => {
    const request = listingRequest({ kind: 'sections', parent: '7' }, 'next', context);
    expect(request).toEqual({
      path: '/projects/7/sections',
      query: { opt_fields: Object.keys(SEARCHABLE_FIELDS.sections).join(','), limit: 100, offset: 'next' },
    });
    expect(listingRequest({ kind: 'users', parent: '1' }, null, context).query).toMatchObject({
      workspace: '1',
    });
    expect(listingRequest({ kind: 'attachments', parent: '5' }, null, context)).toMatchObject({
      path: '/attachments',
      query: { parent: '5' },
    });
  });

  it('lists tasks per project, modified since the last run on incremental runs', () => {
    const request = listingRequest({ kind: 'project_tasks', parent: '9' }, null, {
      pageSize: 50,
      modifiedSince: '2026-01-01T00:00:00.000Z',
    });
    expect(request).toMatchObject({
      path: '/tasks',
      query: { project: '9', modified_since: '2026-01-01T00:00:00.000Z', limit: 50 },
    });
  });

  it('walks the hierarchy', () => {
    expect(childJobs('workspaces', [{ gid: '1' }])).toEqual([
      { kind: 'teams', parent: '1' },
      { kind: 'users', parent: '1' },
      { kind: 'tags', parent: '1' },
      { kind: 'projects', parent: '1' },
    ]);
    expect(childJobs('projects', [{ gid: '2' }])).toEqual([
      { kind: 'sections', parent: '2' },
      { kind: 'project_tasks', parent: '2' },
    ]);
    expect(
      childJobs('project_tasks', [
        { gid: '3', num_subtasks: 2 },
        { gid: '4', num_subtasks: 0 },
        { name: 'x' },
      ]),
    ).toEqual([
      { kind: 'attachments', parent: '3' },
      { kind: 'subtasks', parent: '3' },
      { kind: 'attachments', parent: '4' },
    ]);
    expect(childJobs('attachments', [{ gid: '5' }])).toEqual([]);
  });

  it('knows what a failed listing leaves incomplete', () => {
    expect(entityOfJob('subtasks')).toBe('tasks');
    expect(incompleteAfterFailure('projects')).toEqual(['projects', 'sections', 'tasks', 'attachments']);
    expect(isSyncJobKind('subtasks')).toBe(true);
    expect(isSyncJobKind('__proto__')).toBe(false);
  });
});
