import { formatDayNumber, isoTime } from './calendar';
import type { JsonRecord, RecordContext } from './record-context';
import {
  htmlBody,
  projectCompact,
  sectionCompact,
  tagCompact,
  userCompact,
  workspaceCompact,
} from './resource-records';
import { mix32 } from './seeded-random';
import { APPROVAL_STATUSES, ASSIGNEE_STATUSES, NO_DAY, NO_ROW, TASK_SUBTYPES, TaskFlag } from './task-table';

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

/**
 * The users who liked a task: `num_likes` of the workspace's people, picked from the row index so
 * the same task always shows the same likers, with the account owner among them when `liked`.
 */
function likesOf(ctx: RecordContext, index: number): JsonRecord[] {
  const t = ctx.data.taskTable;
  const count = t.numLikes[index] ?? 0;
  if (count === 0) return [];
  const workspaceGid = ctx.data.workspaces[t.workspace[index] ?? 0]?.gid ?? '';
  const people = ctx.data.users.filter((user) => user.workspaceGids.includes(workspaceGid));
  const me = ctx.data.me;
  const likedByMe = ((t.flags[index] ?? 0) & TaskFlag.likedByMe) !== 0;
  const others = people.filter((user) => user.gid !== me.gid);
  const start = mix32(index) % Math.max(1, others.length);
  const likers = likedByMe ? [me] : [];
  for (let k = 0; likers.length < count && k < others.length; k += 1) {
    const user = others[(start + k) % others.length];
    if (user !== undefined) likers.push(user);
  }
  return likers.map((user, k) => ({
    // Likes are objects with their own gid in the API; derive a stable one from task and position.
    gid: String(1_100_000_000_000_000 + index * 8 + k),
    user: userCompact(user),
  }));
}

/**
 * `TaskResponse`. Opt-in fields (`created_by`, `is_rendered_as_separator`, and `external` when
 * unset) appear only with `optIn`, i.e. when `opt_fields` asks for them.
 */
export function taskRecord(ctx: RecordContext, index: number, optIn: boolean): JsonRecord {
  const data = ctx.data;
  const t = data.taskTable;
  const gid = t.gidOf(index);
  const flags = t.flags[index] ?? 0;
  const subtype = TASK_SUBTYPES[t.subtype[index] ?? 0] ?? 'default_task';
  const assignee = t.assignee[index] ?? NO_ROW;
  const completedAt = t.completedAt[index] ?? Number.NaN;
  const dueAt = t.dueAt[index] ?? Number.NaN;
  const dueOn = t.dueOn[index] ?? NO_DAY;
  const startOn = t.startOn[index] ?? NO_DAY;
  const parent = t.parent[index] ?? NO_ROW;
  const workspaceRow = data.workspaces[t.workspace[index] ?? 0];
  const memberships = data.membershipsOf(index);
  const likes = likesOf(ctx, index);
  const followers = [...new Set([t.createdBy[index] ?? NO_ROW, assignee])].filter((row) => row !== NO_ROW);
  const external = data.taskExternal.get(index);
  const homeProject = memberships[0] === undefined ? undefined : data.projects[memberships[0].project];
  const notes = data.taskNotesOf(index);
  const record: JsonRecord = {
    gid,
    resource_type: 'task',
    name: data.taskName(index),
    resource_subtype: subtype,
    ...(optIn ? { created_by: userReference(ctx, t.createdBy[index] ?? NO_ROW) } : {}),
    ...(subtype === 'approval'
      ? { approval_status: APPROVAL_STATUSES[t.approval[index] ?? 0] ?? 'pending' }
      : {}),
    assignee_status: ASSIGNEE_STATUSES[t.assigneeStatus[index] ?? 0] ?? 'inbox',
    // Asana records who assigned a task; the simulator attributes it to the task's creator.
    assigned_by: assignee === NO_ROW ? null : userRefAt(ctx, t.createdBy[index] ?? NO_ROW),
    completed: (flags & TaskFlag.completed) !== 0,
    completed_at: Number.isNaN(completedAt) ? null : isoTime(completedAt),
    completed_by: Number.isNaN(completedAt)
      ? null
      : userRefAt(ctx, assignee === NO_ROW ? (t.createdBy[index] ?? NO_ROW) : assignee),
    created_at: isoTime(t.createdAt[index] ?? 0),
    dependencies: data.live(data.dependencies.get(index)).map((row) => taskReference(ctx, row)),
    dependents: data.live(data.dependents.get(index)).map((row) => taskReference(ctx, row)),
    due_at: Number.isNaN(dueAt) ? null : isoTime(dueAt),
    due_on: dueOn === NO_DAY ? null : formatDayNumber(dueOn),
    ...(external !== undefined ? { external: { ...external } } : {}),
    html_notes: htmlBody(notes),
    hearted: (flags & TaskFlag.likedByMe) !== 0,
    hearts: likes,
    ...(optIn ? { is_rendered_as_separator: false } : {}),
    liked: (flags & TaskFlag.likedByMe) !== 0,
    likes,
    memberships: memberships.flatMap(({ project, section }) => {
      const projectRow = data.projects[project];
      const sectionRow = data.sections[section];
      if (projectRow === undefined || sectionRow === undefined) return [];
      return [{ project: projectCompact(projectRow), section: sectionCompact(sectionRow) }];
    }),
    modified_at: isoTime(t.modifiedAt[index] ?? 0),
    notes,
    num_hearts: likes.length,
    num_likes: likes.length,
    num_subtasks: data.liveChildren(index).length,
    start_at: null,
    start_on: startOn === NO_DAY ? null : formatDayNumber(startOn),
    actual_time_minutes: null,
    assignee: userRefAt(ctx, assignee),
    assignee_section: null,
    custom_fields: [],
    custom_type: null,
    custom_type_status_option: null,
    followers: followers.flatMap((row) => userRefAt(ctx, row) ?? []),
    parent: parent === NO_ROW ? null : taskCompact(ctx, parent),
    projects: memberships.flatMap(({ project }) => {
      const projectRow = data.projects[project];
      return projectRow === undefined ? [] : [projectCompact(projectRow)];
    }),
    tags: (data.taskTags.get(index) ?? []).flatMap((tag) => {
      const tagRow = data.tags[tag];
      return tagRow === undefined ? [] : [tagCompact(tagRow)];
    }),
    workspace: workspaceRow === undefined ? null : workspaceCompact(workspaceRow),
    permalink_url:
      homeProject === undefined
        ? `${ctx.appOrigin}/1/${workspaceRow?.gid}/task/${gid}`
        : `${ctx.appOrigin}/1/${workspaceRow?.gid}/project/${homeProject.gid}/task/${gid}`,
  };
  return record;
}

/** `created_by` is `{gid, resource_type}` only (the spec's shape for it). */
function userReference(ctx: RecordContext, row: number): JsonRecord | null {
  const user = row === NO_ROW ? undefined : ctx.data.users[row];
  return user === undefined ? null : { gid: user.gid, resource_type: 'user' };
}
