import { formatDayNumber } from './calendar';
import { type AsanaTaskFilter, invalid } from './dataset-inputs';
import type {
  AsanaAttachmentRow,
  AsanaProjectRow,
  AsanaSectionRow,
  AsanaTagRow,
  AsanaTaskSnapshot,
  AsanaTeamRow,
  AsanaUserRow,
  AsanaWorkspaceRow,
} from './dataset-rows';
import { AsanaEventLog } from './event-log';
import { NO_DAY, NO_ROW, TASK_SUBTYPES, TaskTable } from './task-table';
import { generatedTaskName, generatedTaskNotes } from './task-text';

/** A task's membership in one project: row indices of the project and the section. */
export interface TaskMembership {
  project: number;
  section: number;
}

/**
 * What the simulated Asana account holds and how it is looked up: the rows, the columnar task
 * table and their indexes, filled by the generator. `AsanaDataset` adds the writes a test makes.
 */
export class AsanaDatasetStore {
  readonly workspaces: AsanaWorkspaceRow[] = [];
  readonly users: AsanaUserRow[] = [];
  readonly teams: AsanaTeamRow[] = [];
  readonly projects: AsanaProjectRow[] = [];
  readonly sections: AsanaSectionRow[] = [];
  readonly tags: AsanaTagRow[] = [];
  readonly attachments: AsanaAttachmentRow[] = [];
  /** The project built by the `largeProject` option, if any. */
  largeProject: AsanaProjectRow | undefined;
  /** Where mutation helpers read "now"; the simulator points it at its own clock. */
  clock: { now(): number } = { now: () => Date.now() };
  /** Every change made through the mutation helpers, as the Events API serves them. */
  readonly events = new AsanaEventLog();

  /** @internal Columnar task storage. */
  readonly taskTable = new TaskTable();
  /** @internal Task rows per section, in the section's order. */
  readonly sectionTasks: number[][] = [];
  /** @internal Task rows per tag. */
  readonly tagTasks: number[][] = [];
  /** @internal Subtask rows per parent row. */
  readonly children = new Map<number, number[]>();
  /** @internal Rows a task depends on, and rows that depend on it. */
  readonly dependencies = new Map<number, number[]>();
  readonly dependents = new Map<number, number[]>();
  /** @internal Tag rows per task row. */
  readonly taskTags = new Map<number, number[]>();
  /** @internal Memberships beyond the home project (multi-homed tasks). */
  readonly extraMemberships = new Map<number, TaskMembership[]>();
  /** @internal Explicit names and notes; everything else is derived from the row index. */
  readonly taskNames = new Map<number, string>();
  readonly taskNotes = new Map<number, string>();
  /** @internal `external` values set by an integration. */
  readonly taskExternal = new Map<number, { gid: string; data: string }>();
  /** @internal Attachment rows per parent gid. */
  readonly attachmentsByParent = new Map<string, number[]>();

  private readonly workspaceIndex = new Map<string, number>();
  private readonly userIndex = new Map<string, number>();
  private readonly userByEmail = new Map<string, number>();
  private readonly teamIndex = new Map<string, number>();
  private readonly projectIndex = new Map<string, number>();
  private readonly sectionIndex = new Map<string, number>();
  private readonly tagIndex = new Map<string, number>();
  private readonly attachmentIndex = new Map<string, number>();
  /** @internal The account owner's user row. */
  protected meIndex = 0;
  private nextGid: number;

  /**
   * @param seed - drives every derived value (names, notes), so the same seed yields the same data.
   * @param firstGid - the first gid handed out; gids are sequential 16-digit numbers from there.
   */
  constructor(
    readonly seed: number,
    firstGid: number,
  ) {
    this.nextGid = firstGid;
  }

  /** The user every simulator credential acts as (`/users/me`). */
  get me(): AsanaUserRow {
    const me = this.users[this.meIndex];
    if (me === undefined) throw invalid('users', 'the dataset has no users');
    return me;
  }

  /** Number of task rows, deleted ones included. */
  get taskCount(): number {
    return this.taskTable.count;
  }

  /** @internal Hands out the next gid. */
  allocateGid(): string {
    const gid = String(this.nextGid);
    this.nextGid += 1;
    return gid;
  }

  /** @internal Hands out the next gid as a number, for the columnar task store. */
  allocateGidNumber(): number {
    const gid = this.nextGid;
    this.nextGid += 1;
    return gid;
  }

  // ---- building (used by the generator) -------------------------------------------------------

  /** @internal */
  insertWorkspace(row: AsanaWorkspaceRow): number {
    this.workspaceIndex.set(row.gid, this.workspaces.length);
    return this.workspaces.push(row) - 1;
  }

  /** @internal `isMe` marks the account owner. */
  insertUser(row: AsanaUserRow, isMe = false): number {
    const index = this.users.push(row) - 1;
    this.userIndex.set(row.gid, index);
    this.userByEmail.set(row.email.toLowerCase(), index);
    if (isMe) this.meIndex = index;
    return index;
  }

  /** @internal */
  insertTeam(row: AsanaTeamRow): number {
    this.teamIndex.set(row.gid, this.teams.length);
    return this.teams.push(row) - 1;
  }

  /** @internal */
  insertProject(row: AsanaProjectRow): number {
    this.projectIndex.set(row.gid, this.projects.length);
    return this.projects.push(row) - 1;
  }

  /** @internal Also appends the section to its project. */
  insertSection(row: AsanaSectionRow): number {
    const index = this.sections.push(row) - 1;
    this.sectionIndex.set(row.gid, index);
    this.sectionTasks.push([]);
    this.requireProject(row.projectGid).sectionGids.push(row.gid);
    return index;
  }

  /** @internal */
  insertTag(row: AsanaTagRow): number {
    const index = this.tags.push(row) - 1;
    this.tagIndex.set(row.gid, index);
    this.tagTasks.push([]);
    return index;
  }

  /** @internal */
  insertAttachment(row: AsanaAttachmentRow): number {
    const index = this.attachments.push(row) - 1;
    this.attachmentIndex.set(row.gid, index);
    const siblings = this.attachmentsByParent.get(row.parentGid);
    if (siblings === undefined) this.attachmentsByParent.set(row.parentGid, [index]);
    else siblings.push(index);
    return index;
  }

  /** @internal Links a task row into its section, parent and tags. */
  linkTask(index: number, tagRows: readonly number[]): void {
    const table = this.taskTable;
    const section = table.section[index] ?? NO_ROW;
    if (section !== NO_ROW) this.sectionTasks[section]?.push(index);
    const parent = table.parent[index] ?? NO_ROW;
    if (parent !== NO_ROW) {
      const siblings = this.children.get(parent);
      if (siblings === undefined) this.children.set(parent, [index]);
      else siblings.push(index);
    }
    if (tagRows.length > 0) {
      this.taskTags.set(index, [...tagRows]);
      for (const tag of tagRows) this.tagTasks[tag]?.push(index);
    }
  }

  /** @internal Adds a second (third, …) project membership. */
  addMembership(index: number, membership: TaskMembership): void {
    const list = this.extraMemberships.get(index);
    if (list === undefined) this.extraMemberships.set(index, [membership]);
    else list.push(membership);
    this.sectionTasks[membership.section]?.push(index);
  }

  /** @internal Records that `task` depends on `blocker`. */
  addDependency(task: number, blocker: number): void {
    const deps = this.dependencies.get(task);
    if (deps === undefined) this.dependencies.set(task, [blocker]);
    else if (!deps.includes(blocker)) deps.push(blocker);
    else return;
    const back = this.dependents.get(blocker);
    if (back === undefined) this.dependents.set(blocker, [task]);
    else back.push(task);
  }

  // ---- lookups ---------------------------------------------------------------------------------

  /** Row index lookups; -1 when unknown. */
  workspaceRow(gid: string): number {
    return this.workspaceIndex.get(gid) ?? NO_ROW;
  }
  userRow(gidOrEmail: string): number {
    return this.userIndex.get(gidOrEmail) ?? this.userByEmail.get(gidOrEmail.toLowerCase()) ?? NO_ROW;
  }
  teamRow(gid: string): number {
    return this.teamIndex.get(gid) ?? NO_ROW;
  }
  projectRow(gid: string): number {
    return this.projectIndex.get(gid) ?? NO_ROW;
  }
  sectionRow(gid: string): number {
    return this.sectionIndex.get(gid) ?? NO_ROW;
  }
  tagRow(gid: string): number {
    return this.tagIndex.get(gid) ?? NO_ROW;
  }
  attachmentRow(gid: string): number {
    return this.attachmentIndex.get(gid) ?? NO_ROW;
  }
  /** Row of a live (not deleted) task, or -1. */
  taskRow(gid: string): number {
    const index = this.taskTable.indexOf(gid);
    return index === NO_ROW || this.taskTable.isDeleted(index) ? NO_ROW : index;
  }

  /** The workspace with this gid, if any. */
  workspace(gid: string): AsanaWorkspaceRow | undefined {
    return this.workspaces[this.workspaceRow(gid)];
  }
  /** The user with this gid or email, if any. */
  user(gidOrEmail: string): AsanaUserRow | undefined {
    return this.users[this.userRow(gidOrEmail)];
  }
  /** The team with this gid, if any. */
  team(gid: string): AsanaTeamRow | undefined {
    return this.teams[this.teamRow(gid)];
  }
  /** The project with this gid, if any. */
  project(gid: string): AsanaProjectRow | undefined {
    return this.projects[this.projectRow(gid)];
  }
  /** The section with this gid, if any. */
  section(gid: string): AsanaSectionRow | undefined {
    return this.sections[this.sectionRow(gid)];
  }
  /** The tag with this gid, if any. */
  tag(gid: string): AsanaTagRow | undefined {
    return this.tags[this.tagRow(gid)];
  }
  /** The attachment with this gid, if any. */
  attachment(gid: string): AsanaAttachmentRow | undefined {
    return this.attachments[this.attachmentRow(gid)];
  }

  /** Name of a task row (explicit, or derived from the seed). */
  taskName(index: number): string {
    return this.taskNames.get(index) ?? generatedTaskName(this.seed, index);
  }

  /** Notes of a task row (explicit, or derived from the seed). */
  taskNotesOf(index: number): string {
    return this.taskNotes.get(index) ?? generatedTaskNotes(this.seed, index);
  }

  /** Every project membership of a task row, home project first. */
  membershipsOf(index: number): TaskMembership[] {
    const project = this.taskTable.project[index] ?? NO_ROW;
    const home = project === NO_ROW ? [] : [{ project, section: this.taskTable.section[index] ?? NO_ROW }];
    return [...home, ...(this.extraMemberships.get(index) ?? [])];
  }

  /** Live subtask rows of a task row, in order. */
  liveChildren(index: number): number[] {
    return (this.children.get(index) ?? []).filter((child) => !this.taskTable.isDeleted(child));
  }

  /** Live rows in a relation list (dependencies, dependents, tag lists…). */
  live(rows: readonly number[] | undefined): number[] {
    return (rows ?? []).filter((row) => !this.taskTable.isDeleted(row));
  }

  /** A snapshot of one live task, or undefined. */
  task(gid: string): AsanaTaskSnapshot | undefined {
    const index = this.taskTable.indexOf(gid);
    return index === NO_ROW ? undefined : this.snapshot(index);
  }

  /** @internal Snapshot of a task row (deleted ones included). */
  snapshot(index: number): AsanaTaskSnapshot {
    const t = this.taskTable;
    const ref = (rows: readonly { gid: string }[], row: number): string | null =>
      row === NO_ROW ? null : (rows[row]?.gid ?? null);
    const day = (value: number): string | null => (value === NO_DAY ? null : formatDayNumber(value));
    const time = (value: number): number | null => (Number.isNaN(value) ? null : value);
    const memberships = this.membershipsOf(index);
    return {
      gid: t.gidOf(index),
      name: this.taskName(index),
      notes: this.taskNotesOf(index),
      resourceSubtype: TASK_SUBTYPES[t.subtype[index] ?? 0] ?? 'default_task',
      completed: t.isCompleted(index),
      completedAt: time(t.completedAt[index] ?? Number.NaN),
      createdAt: t.createdAt[index] ?? 0,
      modifiedAt: t.modifiedAt[index] ?? 0,
      dueOn: day(t.dueOn[index] ?? NO_DAY),
      dueAt: time(t.dueAt[index] ?? Number.NaN),
      startOn: day(t.startOn[index] ?? NO_DAY),
      assigneeGid: ref(this.users, t.assignee[index] ?? NO_ROW),
      createdByGid: ref(this.users, t.createdBy[index] ?? NO_ROW) ?? '',
      parentGid: (t.parent[index] ?? NO_ROW) === NO_ROW ? null : t.gidOf(t.parent[index] ?? 0),
      workspaceGid: this.workspaces[t.workspace[index] ?? 0]?.gid ?? '',
      projectGids: memberships.map((m) => this.projects[m.project]?.gid ?? ''),
      sectionGids: memberships.map((m) => this.sections[m.section]?.gid ?? ''),
      tagGids: (this.taskTags.get(index) ?? []).map((tag) => this.tags[tag]?.gid ?? ''),
      numSubtasks: this.liveChildren(index).length,
      deleted: t.isDeleted(index),
    };
  }

  /** @internal Task rows of a project in its order: section by section. */
  projectTaskRows(project: number): number[] {
    const out: number[] = [];
    for (const sectionGid of this.projects[project]?.sectionGids ?? []) {
      for (const row of this.sectionTasks[this.sectionRow(sectionGid)] ?? []) out.push(row);
    }
    return out;
  }

  /**
   * Gids of live tasks matching every given filter, in list order (project order for a project,
   * creation order otherwise). Meant for picking test subjects, not for huge scans.
   *
   * @example
   * ```ts
   * const open = sim.data.taskGids({ projectGid, completed: false });
   * ```
   */
  taskGids(filter: AsanaTaskFilter = {}): string[] {
    const t = this.taskTable;
    let rows: readonly number[];
    if (filter.sectionGid !== undefined)
      rows = this.sectionTasks[this.requireSection(filter.sectionGid)] ?? [];
    else if (filter.projectGid !== undefined)
      rows = this.projectTaskRows(this.requireProjectRow(filter.projectGid));
    else if (filter.parentGid !== undefined)
      rows = this.children.get(this.requireTask(filter.parentGid)) ?? [];
    else if (filter.tagGid !== undefined) rows = this.tagTasks[this.requireTag(filter.tagGid)] ?? [];
    else rows = Array.from({ length: t.count }, (_, i) => i);
    const workspace = filter.workspaceGid === undefined ? undefined : this.workspaceRow(filter.workspaceGid);
    const assignee = filter.assigneeGid === undefined ? undefined : this.userRow(filter.assigneeGid);
    const out: string[] = [];
    for (const row of rows) {
      if (filter.includeDeleted !== true && t.isDeleted(row)) continue;
      if (workspace !== undefined && t.workspace[row] !== workspace) continue;
      if (assignee !== undefined && t.assignee[row] !== assignee) continue;
      if (filter.completed !== undefined && t.isCompleted(row) !== filter.completed) continue;
      out.push(t.gidOf(row));
    }
    return out;
  }

  /**
   * Gids of a task's live subtasks.
   *
   * @example
   * ```ts
   * const subtasks = sim.data.subtaskGids(parentGid);
   * ```
   */
  subtaskGids(gid: string): string[] {
    return this.liveChildren(this.requireTask(gid)).map((row) => this.taskTable.gidOf(row));
  }

  /**
   * Gids of the live tasks a task depends on.
   *
   * @example
   * ```ts
   * const blockers = sim.data.dependencyGids(taskGid);
   * ```
   */
  dependencyGids(gid: string): string[] {
    return this.live(this.dependencies.get(this.requireTask(gid))).map((row) => this.taskTable.gidOf(row));
  }

  /**
   * Gids of the live tasks that depend on a task.
   *
   * @example
   * ```ts
   * const blocked = sim.data.dependentGids(taskGid);
   * ```
   */
  dependentGids(gid: string): string[] {
    return this.live(this.dependents.get(this.requireTask(gid))).map((row) => this.taskTable.gidOf(row));
  }

  /**
   * Attachments of a task or project.
   *
   * @example
   * ```ts
   * const files = sim.data.attachmentsOf(taskGid);
   * ```
   */
  attachmentsOf(parentGid: string): AsanaAttachmentRow[] {
    return (this.attachmentsByParent.get(parentGid) ?? []).flatMap((row) => this.attachments[row] ?? []);
  }

  /** @internal */
  requireTask(gid: string): number {
    const index = this.taskRow(gid);
    if (index === NO_ROW) throw invalid('taskGid', `no live task ${gid}`);
    return index;
  }
  /** @internal */
  requireUser(gid: string): number {
    const index = this.userRow(gid);
    if (index === NO_ROW) throw invalid('assigneeGid', `no user ${gid}`);
    return index;
  }
  /** @internal */
  requireProjectRow(gid: string): number {
    const index = this.projectRow(gid);
    if (index === NO_ROW) throw invalid('projectGid', `no project ${gid}`);
    return index;
  }
  /** @internal */
  requireProject(gid: string): AsanaProjectRow {
    return this.projects[this.requireProjectRow(gid)] as AsanaProjectRow;
  }
  /** @internal */
  requireSection(gid: string): number {
    const index = this.sectionRow(gid);
    if (index === NO_ROW) throw invalid('sectionGid', `no section ${gid}`);
    return index;
  }
  /** @internal */
  requireTag(gid: string): number {
    const index = this.tagRow(gid);
    if (index === NO_ROW) throw invalid('tagGids', `no tag ${gid}`);
    return index;
  }
}
