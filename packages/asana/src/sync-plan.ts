import type { SyncJobKey, SyncPlan } from '@conduit/connector-kit';
import {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
import { asanaChangeStream } from './events-change-stream';

/**
 * One kind of listing a sync makes. Together they walk the upstream hierarchy: workspaces → their
 * teams, users, tags, projects and the tasks in no project → each project's sections and tasks →
 * each task's subtasks (when it has some) and attachments.
 */
export type AsanaSyncJobKind =
  | 'workspaces'
  | 'teams'
  | 'users'
  | 'tags'
  | 'projects'
  | 'sections'
  | 'project_tasks'
  | 'loose_tasks'
  | 'subtasks'
  | 'attachments';

function gids(records: readonly Record<string, unknown>[]): string[] {
  return records.flatMap((record) =>
    typeof record.gid === 'string' && record.gid !== '' ? [record.gid] : [],
  );
}

/**
 * A top-level task in no project. The token's user sees such tasks in "My tasks" only (reference
 * §10): they are read from there, and the tasks in projects under their projects.
 */
function inNoProject(record: Record<string, unknown>): boolean {
  return Array.isArray(record.projects) && record.projects.length === 0 && record.parent == null;
}

/** The user's tasks in a workspace ("My tasks"), of which the sync keeps those in no project. */
const looseTaskList = {
  list: 'tasks',
  params: (workspace: string, modifiedSince?: string) => ({
    workspace,
    assignee: 'me',
    ...(modifiedSince === undefined ? {} : { modified_since: modifiedSince }),
  }),
  keep: inNoProject,
};

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

/**
 * Searchable fields Asana answers without being asked and refuses in `opt_fields` (the official
 * spec's enums leave them out): `gid` and `resource_type` everywhere. Fields the sync cannot store
 * at all (`is_template`, `download_url`) are not searchable: `UNSEARCHABLE_FIELDS` says why.
 */
const NOT_REQUESTABLE: ReadonlySet<string> = new Set(['gid', 'resource_type']);

/**
 * What the sync asks of the objects a record points to, so that the copy holds their names:
 * filters, sort, projection and keyword search on `tags.name`, `assignee.name`,
 * `memberships.section.name`… find what they name. A bare `tags` answers `{gid, resource_type}`
 * only. Each path is one the spec's `opt_fields` enum allows on the entity's list endpoint.
 */
const REFERENCE_FIELDS: Partial<Record<SearchableEntity, Readonly<Record<string, readonly string[]>>>> = {
  tasks: {
    assignee: ['name'],
    completed_by: ['name'],
    custom_fields: ['name', 'display_value'],
    followers: ['name'],
    hearts: ['user.name'],
    likes: ['user.name'],
    memberships: ['project.name', 'section.name'],
    parent: ['name'],
    projects: ['name'],
    tags: ['name'],
    workspace: ['name'],
  },
  projects: {
    completed_by: ['name'],
    custom_fields: ['name', 'display_value'],
    followers: ['name'],
    members: ['name'],
    team: ['name'],
    workspace: ['name'],
  },
  sections: { project: ['name'] },
  tags: { followers: ['name'], workspace: ['name'] },
  users: { workspaces: ['name'] },
  attachments: { parent: ['name'] },
  teams: { organization: ['name'] },
};

function optFieldsOf(entity: SearchableEntity): string {
  const references = REFERENCE_FIELDS[entity] ?? {};
  return Object.keys(SEARCHABLE_FIELDS[entity])
    .filter((field) => !NOT_REQUESTABLE.has(field))
    .flatMap((field) => {
      const paths = references[field];
      return paths === undefined ? [field] : paths.map((path) => `${field}.${path}`);
    })
    .join(',');
}

const optFields = Object.fromEntries(
  SEARCHABLE_ENTITIES.map((entity) => [entity, optFieldsOf(entity)]),
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
          (['teams', 'users', 'tags', 'projects', 'loose_tasks'] as const).map((kind) => ({
            kind,
            parent: gid,
          })),
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
      parentEntity: 'workspaces',
      entity: 'teams',
      list: 'workspace_teams',
      params: (workspace) => ({ workspace_gid: workspace }),
      incompleteOnFailure: ['teams'],
    },
    users: {
      parentEntity: 'workspaces',
      entity: 'users',
      list: 'users',
      params: (workspace) => ({ workspace }),
      incompleteOnFailure: ['users'],
    },
    tags: {
      parentEntity: 'workspaces',
      entity: 'tags',
      list: 'workspace_tags',
      params: (workspace) => ({ workspace_gid: workspace }),
      incompleteOnFailure: ['tags'],
    },
    projects: {
      parentEntity: 'workspaces',
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
      parentEntity: 'projects',
      entity: 'sections',
      list: 'project_sections',
      params: (project) => ({ project_gid: project }),
      incompleteOnFailure: ['sections'],
    },
    project_tasks: {
      parentEntity: 'projects',
      entity: 'tasks',
      list: 'tasks',
      params: (project, context) => ({
        project,
        ...(context.modifiedSince === null ? {} : { modified_since: context.modifiedSince }),
      }),
      children: taskChildren,
      incompleteOnFailure: ['tasks', 'attachments'],
    },
    loose_tasks: {
      parentEntity: 'workspaces',
      entity: 'tasks',
      list: looseTaskList.list,
      params: (workspace, context) => looseTaskList.params(workspace, context.modifiedSince ?? undefined),
      keep: looseTaskList.keep,
      children: taskChildren,
      incompleteOnFailure: ['tasks', 'attachments'],
    },
    subtasks: {
      parentEntity: 'tasks',
      parentField: 'parent.gid',
      entity: 'tasks',
      list: 'task_subtasks',
      params: (task) => ({ task_gid: task }),
      children: taskChildren,
      incompleteOnFailure: ['tasks', 'attachments'],
    },
    attachments: {
      parentEntity: 'tasks',
      parentField: 'parent.gid',
      entity: 'attachments',
      list: 'attachments',
      params: (task) => ({ parent: task }),
      incompleteOnFailure: ['attachments'],
    },
  },
  fieldsQuery: (entity) => ({ opt_fields: optFields[entity] }),
  changes: asanaChangeStream({
    optFields: (entity) => optFields[entity],
    // The same listing as the sync's `projects`: the watch reads it again for new and removed projects.
    projectList: { list: 'workspace_projects', params: (workspace) => ({ workspace_gid: workspace }) },
    looseTaskList,
  }),
  deletions: 'sweep',
  // Only tasks (and the attachments listed under them) narrow by `modified_since`.
  completeEveryRun: ['workspaces', 'teams', 'users', 'tags', 'projects', 'sections'],
};
