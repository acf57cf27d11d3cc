import type { SyncJobKey, SyncPlan } from '@conduit/connector-kit';
import {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';

/**
 * One kind of listing a sync makes. Together they walk the upstream hierarchy: workspaces → their
 * teams, users, tags and projects → each project's sections and tasks → each task's subtasks
 * (when it has some) and attachments.
 */
export type AsanaSyncJobKind =
  | 'workspaces'
  | 'teams'
  | 'users'
  | 'tags'
  | 'projects'
  | 'sections'
  | 'project_tasks'
  | 'subtasks'
  | 'attachments';

function gids(records: readonly Record<string, unknown>[]): string[] {
  return records.flatMap((record) =>
    typeof record.gid === 'string' && record.gid !== '' ? [record.gid] : [],
  );
}

function taskChildren(records: readonly Record<string, unknown>[]): SyncJobKey<AsanaSyncJobKind>[] {
  const children: SyncJobKey<AsanaSyncJobKind>[] = [];
  for (const record of records) {
    if (typeof record.gid !== 'string' || record.gid === '') continue;
    children.push({ kind: 'attachments', parent: record.gid });
    if (typeof record.num_subtasks === 'number' && record.num_subtasks > 0) {
      children.push({ kind: 'subtasks', parent: record.gid });
    }
  }
  return children;
}

const optFields = Object.fromEntries(
  SEARCHABLE_ENTITIES.map((entity) => [entity, Object.keys(SEARCHABLE_FIELDS[entity]).join(',')]),
) as Record<SearchableEntity, string>;

/**
 * How the hosted service syncs an Asana connector for search. Every listing reads a list action of
 * the definition (its path and paging), asking for every searchable field with `opt_fields`. Full
 * runs list everything and sweep what disappeared; incremental runs list tasks modified since the
 * last run (`modified_since`), and everything else again.
 *
 * @example
 * ```ts
 * const page = await readSyncPage(executor, asanaSyncPlan, asanaSyncPlan.root, null, { pageSize: 100, modifiedSince: null });
 * ```
 */
export const asanaSyncPlan: SyncPlan<AsanaSyncJobKind, SearchableEntity> = {
  entities: SEARCHABLE_ENTITIES,
  root: { kind: 'workspaces', parent: '' },
  listings: {
    workspaces: {
      entity: 'workspaces',
      list: 'workspaces',
      children: (records) =>
        gids(records).flatMap((gid) =>
          (['teams', 'users', 'tags', 'projects'] as const).map((kind) => ({ kind, parent: gid })),
        ),
      incompleteOnFailure: [
        'workspaces',
        'teams',
        'users',
        'tags',
        'projects',
        'sections',
        'tasks',
        'attachments',
      ],
    },
    teams: {
      entity: 'teams',
      list: 'workspace_teams',
      params: (workspace) => ({ workspace_gid: workspace }),
      incompleteOnFailure: ['teams'],
    },
    users: {
      entity: 'users',
      list: 'users',
      params: (workspace) => ({ workspace }),
      incompleteOnFailure: ['users'],
    },
    tags: {
      entity: 'tags',
      list: 'workspace_tags',
      params: (workspace) => ({ workspace_gid: workspace }),
      incompleteOnFailure: ['tags'],
    },
    projects: {
      entity: 'projects',
      list: 'workspace_projects',
      params: (workspace) => ({ workspace_gid: workspace }),
      children: (records) =>
        gids(records).flatMap((gid) => [
          { kind: 'sections' as const, parent: gid },
          { kind: 'project_tasks' as const, parent: gid },
        ]),
      incompleteOnFailure: ['projects', 'sections', 'tasks', 'attachments'],
    },
    sections: {
      entity: 'sections',
      list: 'project_sections',
      params: (project) => ({ project_gid: project }),
      incompleteOnFailure: ['sections'],
    },
    project_tasks: {
      entity: 'tasks',
      list: 'tasks',
      params: (project, context) => ({
        project,
        ...(context.modifiedSince === null ? {} : { modified_since: context.modifiedSince }),
      }),
      children: taskChildren,
      incompleteOnFailure: ['tasks', 'attachments'],
    },
    subtasks: {
      entity: 'tasks',
      list: 'task_subtasks',
      params: (task) => ({ task_gid: task }),
      children: taskChildren,
      incompleteOnFailure: ['tasks', 'attachments'],
    },
    attachments: {
      entity: 'attachments',
      list: 'attachments',
      params: (task) => ({ parent: task }),
      incompleteOnFailure: ['attachments'],
    },
  },
  fieldsQuery: (entity) => ({ opt_fields: optFields[entity] }),
  deletions: 'sweep',
  // Only tasks (and the attachments listed under them) narrow by `modified_since`.
  completeEveryRun: ['workspaces', 'teams', 'users', 'tags', 'projects', 'sections'],
};
