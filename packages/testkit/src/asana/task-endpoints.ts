import { type ApiContext, listItem, listItems, pathGid, singleRecord } from './api-context';
import { AsanaHttpError, notRecognized } from './asana-http-error';
import { parseDateTime } from './calendar';
import { arraySource, concatSource, type ListSource, rangeSource } from './list-source';
import { paginate } from './paginate';
import type { JsonRecord } from './record-context';
import { projectCompact, projectRecord } from './resource-records';
import { TASK_FIELDS, taskCompact } from './task-records';
import { NO_ROW } from './task-table';
import { TaskView } from './task-view';

/**
 * The 400 Asana answers when `GET /tasks` lacks exactly one filter (measured text).
 *
 * @example
 * ```ts
 * expect(body.errors[0].message).toBe(ASANA_TASK_FILTER_MESSAGE);
 * ```
 */
export const TASK_FILTER_MESSAGE =
  'Must specify exactly one of project, tag, section, user task list, or assignee + workspace';

/**
 * The 402 of the premium-only dependency endpoints.
 *
 * @example
 * ```ts
 * expect(body.errors[0].message).toBe(ASANA_DEPENDENCIES_PREMIUM_MESSAGE);
 * ```
 */
export const DEPENDENCIES_PREMIUM_MESSAGE = 'Dependencies are only available to premium users.';

type RowFilter = (row: number) => boolean;

/** `completed_since` and `modified_since` as a row predicate (and their 400s). */
function timeFilters(ctx: ApiContext, allowModifiedSince: boolean): RowFilter {
  const t = ctx.data.taskTable;
  const completedSince = ctx.query.get('completed_since');
  const modifiedSince = allowModifiedSince ? ctx.query.get('modified_since') : null;
  let completedCut: number | undefined;
  if (completedSince !== null) {
    // `now` keeps only incomplete tasks: nothing can have completed after this instant.
    completedCut = completedSince === 'now' ? Number.POSITIVE_INFINITY : parseDateTime(completedSince);
    if (completedCut === undefined) {
      throw new AsanaHttpError(400, `completed_since: Not a valid date-time or "now": ${completedSince}`);
    }
  }
  let modifiedCut: number | undefined;
  if (modifiedSince !== null) {
    modifiedCut = parseDateTime(modifiedSince);
    if (modifiedCut === undefined) {
      throw new AsanaHttpError(400, `modified_since: Not a valid date-time: ${modifiedSince}`);
    }
  }
  return (row) => {
    if (t.isDeleted(row)) return false;
    if (completedCut !== undefined && t.isCompleted(row) && !((t.completedAt[row] ?? 0) >= completedCut))
      return false;
    if (modifiedCut !== undefined && (t.modifiedAt[row] ?? 0) < modifiedCut) return false;
    return true;
  };
}

/**
 * Renders task rows as list items; the requested fields are resolved once, not once per row.
 *
 * @example
 * ```ts
 * const data = rows.map(taskItems(ctx));
 * ```
 */
export function taskItems(ctx: ApiContext): (row: number) => JsonRecord {
  const render = listItems(ctx, TASK_FIELDS, (task: TaskView) => taskCompact(task.records, task.row));
  return (row) => render(new TaskView(ctx.records, row));
}

function taskPage(ctx: ApiContext, source: ListSource<number>): JsonRecord {
  return paginate(ctx.list, source, taskItems(ctx));
}

function keep(filter: RowFilter): (row: number) => number | undefined {
  return (row) => (filter(row) ? row : undefined);
}

function projectSource(ctx: ApiContext, project: number, filter: RowFilter): ListSource<number> {
  const sections = (ctx.data.projects[project]?.sectionGids ?? []).map(
    (gid) => ctx.data.sectionTasks[ctx.data.sectionRow(gid)] ?? [],
  );
  return concatSource(sections, keep(filter));
}

function requireQueryGid(name: string, value: string, exists: (gid: string) => boolean): string {
  if (!/^\d+$/.test(value) || !exists(value)) throw notRecognized(name, value);
  return value;
}

/** The account owner for `me`, else a user by gid or email. */
export function resolveUser(ctx: ApiContext, value: string, field: string): number {
  const row = value === 'me' ? ctx.data.userRow(ctx.data.me.gid) : ctx.data.userRow(value);
  if (row === NO_ROW) throw notRecognized(field, value);
  return row;
}

/** `GET /tasks`: exactly one of project, section, tag, user task list, or workspace + assignee. */
export function getTasks(ctx: ApiContext): JsonRecord {
  const q = ctx.query;
  const given = (name: string): string | undefined => {
    const value = q.get(name);
    return value === null || value === '' ? undefined : value;
  };
  const project = given('project');
  const section = given('section');
  const tag = given('tag');
  const userTaskList = given('user_task_list');
  const workspace = given('workspace');
  const assignee = given('assignee');
  const filters = [project, section, tag, userTaskList].filter((value) => value !== undefined).length;
  const pair = workspace !== undefined && assignee !== undefined;
  const halfPair = (workspace === undefined) !== (assignee === undefined);
  if (halfPair || filters + (pair ? 1 : 0) !== 1) throw new AsanaHttpError(400, TASK_FILTER_MESSAGE);
  const filter = timeFilters(ctx, true);
  const data = ctx.data;
  if (project !== undefined) {
    const row = data.projectRow(
      requireQueryGid('project', project, (gid) => data.project(gid) !== undefined),
    );
    return taskPage(ctx, projectSource(ctx, row, filter));
  }
  if (section !== undefined) {
    const row = data.sectionRow(
      requireQueryGid('section', section, (gid) => data.section(gid) !== undefined),
    );
    return taskPage(ctx, arraySource(data.sectionTasks[row] ?? [], keep(filter)));
  }
  if (tag !== undefined) {
    const row = data.tagRow(requireQueryGid('tag', tag, (gid) => data.tag(gid) !== undefined));
    return taskPage(ctx, arraySource(data.tagTasks[row] ?? [], keep(filter)));
  }
  if (userTaskList !== undefined) {
    // The simulator models no user task lists; Asana answers unknown ids like this.
    throw notRecognized('user_task_list', userTaskList);
  }
  const workspaceRow = data.workspaceRow(
    requireQueryGid('workspace', workspace ?? '', (gid) => data.workspace(gid) !== undefined),
  );
  const assigneeRow = resolveUser(ctx, assignee ?? '', 'assignee');
  const t = data.taskTable;
  return taskPage(
    ctx,
    rangeSource(t.count, (row) =>
      t.workspace[row] === workspaceRow && t.assignee[row] === assigneeRow && filter(row) ? row : undefined,
    ),
  );
}

function liveTask(ctx: ApiContext): number {
  const gid = pathGid(ctx, 'task_gid', 'task');
  const row = ctx.data.taskRow(gid);
  if (row === NO_ROW) throw notRecognized('task', gid);
  return row;
}

/** `GET /tasks/{task_gid}`. */
export function getTask(ctx: ApiContext): JsonRecord {
  const row = liveTask(ctx);
  return singleRecord(ctx, TASK_FIELDS, new TaskView(ctx.records, row));
}

/** `GET /tasks/{task_gid}/subtasks`. */
export function getSubtasks(ctx: ApiContext): JsonRecord {
  const row = liveTask(ctx);
  const filter = timeFilters(ctx, false);
  return taskPage(ctx, arraySource(ctx.data.children.get(row) ?? [], keep(filter)));
}

function requirePremium(ctx: ApiContext, row: number): void {
  const workspace = ctx.data.workspaces[ctx.data.taskTable.workspace[row] ?? 0];
  if (workspace?.premium !== true) throw new AsanaHttpError(402, DEPENDENCIES_PREMIUM_MESSAGE);
}

/** `GET /tasks/{task_gid}/dependencies` (premium only). */
export function getDependencies(ctx: ApiContext): JsonRecord {
  const row = liveTask(ctx);
  requirePremium(ctx, row);
  const filter = timeFilters(ctx, false);
  return taskPage(ctx, arraySource(ctx.data.dependencies.get(row) ?? [], keep(filter)));
}

/** `GET /tasks/{task_gid}/dependents` (premium only). */
export function getDependents(ctx: ApiContext): JsonRecord {
  const row = liveTask(ctx);
  requirePremium(ctx, row);
  const filter = timeFilters(ctx, false);
  return taskPage(ctx, arraySource(ctx.data.dependents.get(row) ?? [], keep(filter)));
}

/** `GET /tasks/{task_gid}/projects`. */
export function getTaskProjects(ctx: ApiContext): JsonRecord {
  const row = liveTask(ctx);
  const projects = ctx.data.membershipsOf(row).map((membership) => membership.project);
  return paginate(
    ctx.list,
    arraySource(projects, (project) => ctx.data.projects[project]),
    (project) =>
      listItem(
        ctx,
        () => projectCompact(project),
        () => projectRecord(ctx.records, project, true),
      ),
  );
}

/** `GET /projects/{project_gid}/tasks`, in the project's order (section by section). */
export function getProjectTasks(ctx: ApiContext): JsonRecord {
  const gid = pathGid(ctx, 'project_gid', 'project');
  const row = ctx.data.projectRow(gid);
  if (row === NO_ROW) throw notRecognized('project', gid);
  return taskPage(ctx, projectSource(ctx, row, timeFilters(ctx, false)));
}

/** `GET /sections/{section_gid}/tasks`. */
export function getSectionTasks(ctx: ApiContext): JsonRecord {
  const gid = pathGid(ctx, 'section_gid', 'section');
  const row = ctx.data.sectionRow(gid);
  if (row === NO_ROW) throw notRecognized('section', gid);
  return taskPage(ctx, arraySource(ctx.data.sectionTasks[row] ?? [], keep(timeFilters(ctx, false))));
}

/** `GET /tags/{tag_gid}/tasks`. */
export function getTagTasks(ctx: ApiContext): JsonRecord {
  const gid = pathGid(ctx, 'tag_gid', 'tag');
  const row = ctx.data.tagRow(gid);
  if (row === NO_ROW) throw notRecognized('tag', gid);
  return taskPage(ctx, arraySource(ctx.data.tagTasks[row] ?? [], keep(timeFilters(ctx, false))));
}
