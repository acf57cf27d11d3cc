import { SEARCHABLE_FIELDS, type SearchableEntity } from '@conduit/asana';
import type { QueryParams } from '@conduit/transport';

/**
 * One kind of listing a sync makes. Together they walk the upstream hierarchy: workspaces → their
 * teams, users, tags and projects → each project's sections and tasks → each task's subtasks
 * (when it has some) and attachments.
 */
export type SyncJobKind =
  | 'workspaces'
  | 'teams'
  | 'users'
  | 'tags'
  | 'projects'
  | 'sections'
  | 'project_tasks'
  | 'subtasks'
  | 'attachments';

/** A listing to make: its kind and the gid of the parent it lists under ('' for the root). */
export interface SyncJobKey {
  readonly kind: SyncJobKind;
  readonly parent: string;
}

/** How the run that makes a listing is configured. */
export interface SyncListingContext {
  readonly pageSize: number;
  /** For incremental runs: only tasks modified since this instant (ISO 8601). */
  readonly modifiedSince: string | null;
}

interface JobSpec {
  /** The searchable entity the listing's records belong to. */
  readonly entity: SearchableEntity;
  readonly path: (parent: string) => string;
  readonly query?: (parent: string, context: SyncListingContext) => QueryParams;
  /** The listings the records of one page lead to. */
  readonly children?: (records: readonly Record<string, unknown>[]) => SyncJobKey[];
}

/**
 * Fields never copied into the server's store: an attachment's `download_url` is a presigned URL
 * (a bearer credential for the file while it lives, docs/reference on attachments); a download
 * asks the upstream for a fresh one instead.
 *
 * @example
 * ```ts
 * NOT_STORED_FIELDS.attachments; // ['download_url']
 * ```
 */
export const NOT_STORED_FIELDS: Partial<Record<SearchableEntity, readonly string[]>> = {
  attachments: ['download_url'],
};

/**
 * The records of a page without the fields that are not stored (see {@link NOT_STORED_FIELDS}).
 *
 * @example
 * ```ts
 * storableRecords('attachments', page.records);
 * ```
 */
export function storableRecords(
  entity: SearchableEntity,
  records: Record<string, unknown>[],
): Record<string, unknown>[] {
  const dropped = NOT_STORED_FIELDS[entity];
  if (dropped === undefined) return records;
  return records.map((record) => {
    if (!dropped.some((field) => field in record)) return record;
    const copy = { ...record };
    for (const field of dropped) delete copy[field];
    return copy;
  });
}

const optFields = (entity: SearchableEntity): string =>
  Object.keys(SEARCHABLE_FIELDS[entity])
    .filter((field) => !NOT_STORED_FIELDS[entity]?.includes(field))
    .join(',');

function gids(records: readonly Record<string, unknown>[]): string[] {
  return records.flatMap((record) =>
    typeof record.gid === 'string' && record.gid !== '' ? [record.gid] : [],
  );
}

function taskChildren(records: readonly Record<string, unknown>[]): SyncJobKey[] {
  const children: SyncJobKey[] = [];
  for (const record of records) {
    if (typeof record.gid !== 'string' || record.gid === '') continue;
    children.push({ kind: 'attachments', parent: record.gid });
    if (typeof record.num_subtasks === 'number' && record.num_subtasks > 0) {
      children.push({ kind: 'subtasks', parent: record.gid });
    }
  }
  return children;
}

const encode = encodeURIComponent;

const SPECS: Readonly<Record<SyncJobKind, JobSpec>> = {
  workspaces: {
    entity: 'workspaces',
    path: () => '/workspaces',
    children: (records) =>
      gids(records).flatMap((gid) =>
        (['teams', 'users', 'tags', 'projects'] as const).map((kind) => ({ kind, parent: gid })),
      ),
  },
  teams: { entity: 'teams', path: (workspace) => `/workspaces/${encode(workspace)}/teams` },
  users: { entity: 'users', path: () => '/users', query: (workspace) => ({ workspace }) },
  tags: { entity: 'tags', path: (workspace) => `/workspaces/${encode(workspace)}/tags` },
  projects: {
    entity: 'projects',
    path: (workspace) => `/workspaces/${encode(workspace)}/projects`,
    children: (records) =>
      gids(records).flatMap((gid) => [
        { kind: 'sections' as const, parent: gid },
        { kind: 'project_tasks' as const, parent: gid },
      ]),
  },
  sections: { entity: 'sections', path: (project) => `/projects/${encode(project)}/sections` },
  project_tasks: {
    entity: 'tasks',
    path: () => '/tasks',
    query: (project, context) => ({
      project,
      ...(context.modifiedSince === null ? {} : { modified_since: context.modifiedSince }),
    }),
    children: taskChildren,
  },
  subtasks: { entity: 'tasks', path: (task) => `/tasks/${encode(task)}/subtasks`, children: taskChildren },
  attachments: { entity: 'attachments', path: () => '/attachments', query: (task) => ({ parent: task }) },
};

/**
 * Listings whose failure leaves an entity incomplete in a run: a failed `projects` listing means
 * sections, tasks and attachments under it were never listed, so none of them may be swept.
 */
const DOWNSTREAM: Readonly<Record<SyncJobKind, readonly SearchableEntity[]>> = {
  workspaces: ['workspaces', 'teams', 'users', 'tags', 'projects', 'sections', 'tasks', 'attachments'],
  teams: ['teams'],
  users: ['users'],
  tags: ['tags'],
  projects: ['projects', 'sections', 'tasks', 'attachments'],
  sections: ['sections'],
  project_tasks: ['tasks', 'attachments'],
  subtasks: ['tasks', 'attachments'],
  attachments: ['attachments'],
};

/**
 * The first listing of every run.
 *
 * @example
 * ```ts
 * await repository.addJobs(tx, runId, [ROOT_JOB]);
 * ```
 */
export const ROOT_JOB: SyncJobKey = { kind: 'workspaces', parent: '' };

/**
 * Whether a stored kind is one of this plan's.
 *
 * @example
 * ```ts
 * isSyncJobKind('subtasks'); // true
 * ```
 */
export function isSyncJobKind(kind: string): kind is SyncJobKind {
  return Object.hasOwn(SPECS, kind);
}

/**
 * The entity a listing's records belong to.
 *
 * @example
 * ```ts
 * entityOfJob('subtasks'); // 'tasks'
 * ```
 */
export function entityOfJob(kind: SyncJobKind): SearchableEntity {
  return SPECS[kind].entity;
}

/**
 * The entities a failed listing of this kind leaves incomplete.
 *
 * @example
 * ```ts
 * incompleteAfterFailure('project_tasks'); // ['tasks', 'attachments']
 * ```
 */
export function incompleteAfterFailure(kind: SyncJobKind): readonly SearchableEntity[] {
  return DOWNSTREAM[kind];
}

/**
 * The upstream request of one page of a listing: the path, the query with `opt_fields` (the
 * entity's searchable fields), `limit` and the offset to continue from.
 *
 * @example
 * ```ts
 * listingRequest({ kind: 'project_tasks', parent: '42' }, null, { pageSize: 100, modifiedSince: null });
 * // { path: '/tasks', query: { project: '42', opt_fields: 'actual_time_minutes,…', limit: 100 } }
 * ```
 */
export function listingRequest(
  job: SyncJobKey,
  offset: string | null,
  context: SyncListingContext,
): { path: string; query: QueryParams } {
  const spec = SPECS[job.kind];
  return {
    path: spec.path(job.parent),
    query: {
      ...spec.query?.(job.parent, context),
      opt_fields: optFields(spec.entity),
      limit: context.pageSize,
      ...(offset === null ? {} : { offset }),
    },
  };
}

/**
 * The listings a page of records leads to.
 *
 * @example
 * ```ts
 * childJobs('projects', [{ gid: '7' }]); // [{ kind: 'sections', parent: '7' }, { kind: 'project_tasks', parent: '7' }]
 * ```
 */
export function childJobs(kind: SyncJobKind, records: readonly Record<string, unknown>[]): SyncJobKey[] {
  return SPECS[kind].children?.(records) ?? [];
}
