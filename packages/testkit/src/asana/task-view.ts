import { mix32 } from '../core/seeded-random';
import type { AsanaDataset, TaskMembership } from './asana-dataset';
import type { JsonRecord, RecordContext } from './record-context';
import { userCompact } from './resource-records';
import { TASK_SUBTYPES, TaskFlag, type TaskTable } from './task-table';

/**
 * One task row as the fields of its record read it. Values several fields share (likes feed four
 * fields, memberships three, notes two) are derived at most once per record, and only when a
 * requested field needs them. A view lives for one record of one response, so it never outlives
 * a change to the dataset.
 *
 * @example
 * ```ts
 * const task = new TaskView(records, row);
 * task.likes.length; // num_likes
 * ```
 */
export class TaskView {
  readonly data: AsanaDataset;
  readonly table: TaskTable;
  private likesMemo: JsonRecord[] | undefined;
  private membershipsMemo: TaskMembership[] | undefined;
  private notesMemo: string | undefined;

  constructor(
    readonly records: RecordContext,
    readonly row: number,
  ) {
    this.data = records.data;
    this.table = records.data.taskTable;
  }

  get gid(): string {
    return this.table.gidOf(this.row);
  }

  get subtype(): (typeof TASK_SUBTYPES)[number] {
    return TASK_SUBTYPES[this.table.subtype[this.row] ?? 0] ?? 'default_task';
  }

  get likedByMe(): boolean {
    return ((this.table.flags[this.row] ?? 0) & TaskFlag.likedByMe) !== 0;
  }

  get likes(): JsonRecord[] {
    this.likesMemo ??= likesOf(this.records, this.row);
    return this.likesMemo;
  }

  /** Every project membership, home project first. */
  get memberships(): TaskMembership[] {
    this.membershipsMemo ??= this.data.membershipsOf(this.row);
    return this.membershipsMemo;
  }

  get notes(): string {
    this.notesMemo ??= this.data.taskNotesOf(this.row);
    return this.notesMemo;
  }
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
