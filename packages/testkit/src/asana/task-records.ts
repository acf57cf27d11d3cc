import { formatDayNumber, isoTime } from './calendar';
import type { JsonRecord, RecordContext } from './record-context';
import { ABSENT, RecordFields } from './record-fields';
import {
  htmlBody,
  projectCompact,
  sectionCompact,
  tagCompact,
  userCompact,
  workspaceCompact,
} from './resource-records';
import { APPROVAL_STATUSES, ASSIGNEE_STATUSES, NO_DAY, NO_ROW, TASK_SUBTYPES, TaskFlag } from './task-table';
import { TaskView } from './task-view';

/** `TaskCompact` with its default fields: what task lists return without `opt_fields`. */
export function taskCompact(ctx: RecordContext, index: number): JsonRecord {
  return {
    gid: ctx.data.taskTable.gidOf(index),
    resource_type: 'task',
    name: ctx.data.taskName(index),
    resource_subtype: TASK_SUBTYPES[ctx.data.taskTable.subtype[index] ?? 0] ?? 'default_task',
  };
}

function taskReference(ctx: RecordContext, index: number): JsonRecord {
  return { gid: ctx.data.taskTable.gidOf(index), resource_type: 'task' };
}

function userRefAt(ctx: RecordContext, row: number): JsonRecord | null {
  const user = row === NO_ROW ? undefined : ctx.data.users[row];
  return user === undefined ? null : userCompact(user);
}

/** `created_by` is `{gid, resource_type}` only (the spec's shape for it). */
function userReference(ctx: RecordContext, row: number): JsonRecord | null {
  const user = row === NO_ROW ? undefined : ctx.data.users[row];
  return user === undefined ? null : { gid: user.gid, resource_type: 'user' };
}

function createdBy(task: TaskView): number {
  return task.table.createdBy[task.row] ?? NO_ROW;
}

function assignee(task: TaskView): number {
  return task.table.assignee[task.row] ?? NO_ROW;
}

function timeOrNull(ms: number): string | null {
  return Number.isNaN(ms) ? null : isoTime(ms);
}

function dayOrNull(day: number): string | null {
  return day === NO_DAY ? null : formatDayNumber(day);
}

function completedAt(task: TaskView): number {
  return task.table.completedAt[task.row] ?? Number.NaN;
}

/**
 * `TaskResponse`, field by field in the order the API prints them. Opt-in fields (`created_by`,
 * `is_rendered_as_separator`) appear only when `opt_fields` asks for them; `approval_status` only
 * on approvals and `external` only once an integration set it.
 */
export const TASK_FIELDS = new RecordFields<TaskView>([
  { name: 'gid', build: (task) => task.gid },
  { name: 'resource_type', build: () => 'task' },
  { name: 'name', build: (task) => task.data.taskName(task.row) },
  { name: 'resource_subtype', build: (task) => task.subtype },
  { name: 'created_by', optIn: true, build: (task) => userReference(task.records, createdBy(task)) },
  {
    name: 'approval_status',
    build: (task) =>
      task.subtype === 'approval'
        ? (APPROVAL_STATUSES[task.table.approval[task.row] ?? 0] ?? 'pending')
        : ABSENT,
  },
  {
    name: 'assignee_status',
    build: (task) => ASSIGNEE_STATUSES[task.table.assigneeStatus[task.row] ?? 0] ?? 'inbox',
  },
  // Asana records who assigned a task; the simulator attributes it to the task's creator.
  {
    name: 'assigned_by',
    build: (task) => (assignee(task) === NO_ROW ? null : userRefAt(task.records, createdBy(task))),
  },
  { name: 'completed', build: (task) => ((task.table.flags[task.row] ?? 0) & TaskFlag.completed) !== 0 },
  { name: 'completed_at', build: (task) => timeOrNull(completedAt(task)) },
  {
    name: 'completed_by',
    build: (task) =>
      Number.isNaN(completedAt(task))
        ? null
        : userRefAt(task.records, assignee(task) === NO_ROW ? createdBy(task) : assignee(task)),
  },
  { name: 'created_at', build: (task) => isoTime(task.table.createdAt[task.row] ?? 0) },
  {
    name: 'dependencies',
    build: (task) =>
      task.data.live(task.data.dependencies.get(task.row)).map((row) => taskReference(task.records, row)),
  },
  {
    name: 'dependents',
    build: (task) =>
      task.data.live(task.data.dependents.get(task.row)).map((row) => taskReference(task.records, row)),
  },
  { name: 'due_at', build: (task) => timeOrNull(task.table.dueAt[task.row] ?? Number.NaN) },
  { name: 'due_on', build: (task) => dayOrNull(task.table.dueOn[task.row] ?? NO_DAY) },
  {
    name: 'external',
    build: (task) => {
      const external = task.data.taskExternal.get(task.row);
      return external === undefined ? ABSENT : { ...external };
    },
  },
  { name: 'html_notes', build: (task) => htmlBody(task.notes) },
  { name: 'hearted', build: (task) => task.likedByMe },
  { name: 'hearts', build: (task) => task.likes },
  { name: 'is_rendered_as_separator', optIn: true, build: () => false },
  { name: 'liked', build: (task) => task.likedByMe },
  { name: 'likes', build: (task) => task.likes },
  {
    name: 'memberships',
    build: (task) =>
      task.memberships.flatMap(({ project, section }) => {
        const projectRow = task.data.projects[project];
        const sectionRow = task.data.sections[section];
        if (projectRow === undefined || sectionRow === undefined) return [];
        return [{ project: projectCompact(projectRow), section: sectionCompact(sectionRow) }];
      }),
  },
  { name: 'modified_at', build: (task) => isoTime(task.table.modifiedAt[task.row] ?? 0) },
  { name: 'notes', build: (task) => task.notes },
  { name: 'num_hearts', build: (task) => task.likes.length },
  { name: 'num_likes', build: (task) => task.likes.length },
  { name: 'num_subtasks', build: (task) => task.data.liveChildren(task.row).length },
  { name: 'start_at', build: () => null },
  { name: 'start_on', build: (task) => dayOrNull(task.table.startOn[task.row] ?? NO_DAY) },
  { name: 'actual_time_minutes', build: () => null },
  { name: 'assignee', build: (task) => userRefAt(task.records, assignee(task)) },
  { name: 'assignee_section', build: () => null },
  { name: 'custom_fields', build: () => [] },
  { name: 'custom_type', build: () => null },
  { name: 'custom_type_status_option', build: () => null },
  {
    name: 'followers',
    build: (task) =>
      [...new Set([createdBy(task), assignee(task)])]
        .filter((row) => row !== NO_ROW)
        .flatMap((row) => userRefAt(task.records, row) ?? []),
  },
  {
    name: 'parent',
    build: (task) => {
      const parent = task.table.parent[task.row] ?? NO_ROW;
      return parent === NO_ROW ? null : taskCompact(task.records, parent);
    },
  },
  {
    name: 'projects',
    build: (task) =>
      task.memberships.flatMap(({ project }) => {
        const projectRow = task.data.projects[project];
        return projectRow === undefined ? [] : [projectCompact(projectRow)];
      }),
  },
  {
    name: 'tags',
    build: (task) =>
      (task.data.taskTags.get(task.row) ?? []).flatMap((tag) => {
        const tagRow = task.data.tags[tag];
        return tagRow === undefined ? [] : [tagCompact(tagRow)];
      }),
  },
  {
    name: 'workspace',
    build: (task) => {
      const workspace = task.data.workspaces[task.table.workspace[task.row] ?? 0];
      return workspace === undefined ? null : workspaceCompact(workspace);
    },
  },
  {
    name: 'permalink_url',
    build: (task) => {
      const workspaceGid = task.data.workspaces[task.table.workspace[task.row] ?? 0]?.gid;
      const home = task.memberships[0];
      const homeProject = home === undefined ? undefined : task.data.projects[home.project];
      return homeProject === undefined
        ? `${task.records.appOrigin}/1/${workspaceGid}/task/${task.gid}`
        : `${task.records.appOrigin}/1/${workspaceGid}/project/${homeProject.gid}/task/${task.gid}`;
    },
  },
]);

/**
 * `TaskResponse`. Opt-in fields (`created_by`, `is_rendered_as_separator`) appear only with
 * `optIn`, i.e. when `opt_fields` asks for them.
 */
export function taskRecord(ctx: RecordContext, index: number, optIn: boolean): JsonRecord {
  return TASK_FIELDS.full(new TaskView(ctx, index), optIn);
}
