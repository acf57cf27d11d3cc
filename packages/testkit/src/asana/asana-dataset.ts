import { ValidationError } from '@conduit/protocol';
import { formatDayNumber, parseDay } from './calendar';
import type {
  AsanaAttachmentHost,
  AsanaAttachmentRow,
  AsanaProjectRow,
  AsanaSectionRow,
  AsanaTagRow,
  AsanaTaskSnapshot,
  AsanaTeamRow,
  AsanaUserRow,
  AsanaWorkspaceRow,
} from './dataset-rows';
import { type AsanaEvent, AsanaEventLog } from './event-log';
import { NO_DAY, NO_ROW, TASK_SUBTYPES, TaskFlag, TaskTable } from './task-table';
import { generatedTaskName, generatedTaskNotes } from './task-text';

/**
 * A new task for {@link AsanaDataset.addTask}. Give `parentGid` for a subtask, else `sectionGid`
 * and/or `projectGid` (the first section is used when only the project is given), else
 * `workspaceGid` for a task in no project.
 *
 * @example
 * ```ts
 * const input: AsanaNewTask = { projectGid, name: 'Call the printer', assigneeGid: sim.data.me.gid };
 * ```
 */
export interface AsanaNewTask {
  name: string;
  notes?: string;
  projectGid?: string;
  sectionGid?: string;
  parentGid?: string;
  workspaceGid?: string;
  assigneeGid?: string | null;
  completed?: boolean;
  dueOn?: string | null;
  startOn?: string | null;
  resourceSubtype?: 'default_task' | 'milestone' | 'approval';
  tagGids?: readonly string[];
  /** Creation time, epoch ms; default: the dataset clock. */
  createdAt?: number;
}

/**
 * Changes for {@link AsanaDataset.updateTask}. Every update bumps `modified_at` (to `modifiedAt`,
 * default: the dataset clock), the way any change in Asana does.
 *
 * @example
 * ```ts
 * sim.updateTask(gid, { completed: true });
 * ```
 */
export interface AsanaTaskPatch {
  name?: string;
  notes?: string;
  completed?: boolean;
  assigneeGid?: string | null;
  dueOn?: string | null;
  startOn?: string | null;
  resourceSubtype?: 'default_task' | 'milestone' | 'approval';
  /** Moves the task to another section of its home project. */
  sectionGid?: string;
  tagGids?: readonly string[];
  modifiedAt?: number;
}

/**
 * A new attachment for {@link AsanaDataset.addAttachment}.
 *
 * @example
 * ```ts
 * const input: AsanaNewAttachment = { parentGid: taskGid, name: 'big.bin', size: 200 * 1024 * 1024 };
 * ```
 */
export interface AsanaNewAttachment {
  parentGid: string;
  name?: string;
  /** Bytes served by the download host. Default 1024. */
  size?: number;
  host?: AsanaAttachmentHost;
  createdAt?: number;
}

/**
 * Filters of {@link AsanaDataset.taskGids}.
 *
 * @example
 * ```ts
 * const filter: AsanaTaskFilter = { projectGid, completed: false };
 * ```
 */
export interface AsanaTaskFilter {
  projectGid?: string;
  sectionGid?: string;
  parentGid?: string;
  tagGid?: string;
  workspaceGid?: string;
  assigneeGid?: string;
  completed?: boolean;
  includeDeleted?: boolean;
}

/** A task's membership in one project: row indices of the project and the section. */
export interface TaskMembership {
  project: number;
  section: number;
}

function invalid(field: string, message: string): ValidationError {
  return new ValidationError(`${field}: ${message}`, {
    details: [{ field, message, error_code: 'invalid_param' }],
  });
}

function requireDay(field: string, value: string | null | undefined): number {
  if (value === null || value === undefined) return NO_DAY;
  const day = parseDay(value);
  if (day === undefined) throw invalid(field, `not a YYYY-MM-DD date: ${value}`);
  return day;
}

function removeFrom(list: number[] | undefined, value: number): void {
  if (list === undefined) return;
  const at = list.indexOf(value);
  if (at >= 0) list.splice(at, 1);
}

/**
 * The simulated Asana account: every workspace, team, user, project, section, tag, task and
 * attachment the simulator serves. Small entities are plain rows; tasks live in a columnar
 * {@link TaskTable} so one project can hold hundreds of thousands of them. Build one with
 * `generateAsanaDataset`; change it with the mutation helpers to exercise incremental sync.
 *
 * @example
 * ```ts
 * const data = generateAsanaDataset({ preset: 'tiny', seed: 7 });
 * const project = data.projects[0]!;
 * const gids = data.taskGids({ projectGid: project.gid });
 * data.updateTask(gids[0]!, { name: 'Renamed' });
 * ```
 */
export class AsanaDataset {
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
  private meIndex = 0;
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

  // ---- mutations -------------------------------------------------------------------------------

  /**
   * Marks a workspace premium (task search and dependencies work) or not (they answer 402).
   *
   * @example
   * ```ts
   * sim.data.setPremium(workspaceGid, false);
   * ```
   */
  setPremium(workspaceGid: string, premium: boolean): void {
    const workspace = this.workspace(workspaceGid);
    if (workspace === undefined) throw invalid('workspaceGid', `unknown workspace ${workspaceGid}`);
    workspace.premium = premium;
  }

  /**
   * Creates a task, appended to the end of its section (or parent's subtasks), and returns it.
   *
   * @example
   * ```ts
   * const created = sim.data.addTask({ projectGid, name: 'Order banners' });
   * ```
   */
  addTask(input: AsanaNewTask): AsanaTaskSnapshot {
    const now = input.createdAt ?? this.clock.now();
    let project = NO_ROW;
    let section = NO_ROW;
    let parent = NO_ROW;
    let workspace: number;
    if (input.parentGid !== undefined) {
      parent = this.requireTask(input.parentGid);
      workspace = this.taskTable.workspace[parent] ?? 0;
    } else if (input.sectionGid !== undefined || input.projectGid !== undefined) {
      if (input.sectionGid !== undefined) {
        section = this.requireSection(input.sectionGid);
        project = this.requireProjectRow(this.sections[section]?.projectGid ?? '');
        if (input.projectGid !== undefined && this.projectRow(input.projectGid) !== project) {
          throw invalid('sectionGid', `section ${input.sectionGid} is not in project ${input.projectGid}`);
        }
      } else {
        project = this.requireProjectRow(input.projectGid ?? '');
        const first = this.projects[project]?.sectionGids[0];
        if (first === undefined) throw invalid('projectGid', `project ${input.projectGid} has no section`);
        section = this.sectionRow(first);
      }
      workspace = this.workspaceRow(this.projects[project]?.workspaceGid ?? '');
    } else if (input.workspaceGid !== undefined) {
      workspace = this.workspaceRow(input.workspaceGid);
      if (workspace === NO_ROW) throw invalid('workspaceGid', `unknown workspace ${input.workspaceGid}`);
    } else {
      throw invalid('addTask', 'give parentGid, sectionGid, projectGid or workspaceGid');
    }
    const assignee =
      input.assigneeGid === undefined || input.assigneeGid === null
        ? NO_ROW
        : this.requireUser(input.assigneeGid);
    const tags = (input.tagGids ?? []).map((gid) => this.requireTag(gid));
    const completed = input.completed === true;
    const index = this.taskTable.append({
      gid: this.allocateGidNumber(),
      workspace,
      project,
      section,
      parent,
      assignee,
      createdBy: this.meIndex,
      createdAt: now,
      modifiedAt: now,
      completedAt: completed ? now : Number.NaN,
      dueOn: requireDay('dueOn', input.dueOn),
      dueAt: Number.NaN,
      startOn: requireDay('startOn', input.startOn),
      subtype: Math.max(0, TASK_SUBTYPES.indexOf(input.resourceSubtype ?? 'default_task')),
      approval: 0,
      assigneeStatus: assignee === NO_ROW ? 0 : 2,
      flags: completed ? TaskFlag.completed : 0,
      numLikes: 0,
    });
    this.taskNames.set(index, input.name);
    this.taskNotes.set(index, input.notes ?? '');
    this.linkTask(index, tags);
    // Adding a subtask changes the parent's num_subtasks, which Asana counts as a modification.
    if (parent !== NO_ROW) this.taskTable.modifiedAt[parent] = now;
    const container =
      parent !== NO_ROW
        ? { gid: this.taskTable.gidOf(parent), resource_type: 'task' }
        : project !== NO_ROW
          ? { gid: this.projects[project]?.gid ?? '', resource_type: 'project' }
          : { gid: this.workspaces[workspace]?.gid ?? '', resource_type: 'workspace' };
    this.taskEvent(index, now, { action: 'added', parent: container });
    return this.snapshot(index);
  }

  /** @internal Logs an event on a task row, seen by the task, its parent, its projects and its workspace. */
  private taskEvent(
    index: number,
    at: number,
    event: Pick<AsanaEvent, 'action' | 'parent' | 'change'>,
    resource: AsanaEvent['resource'] = {
      gid: this.taskTable.gidOf(index),
      resource_type: 'task',
      name: this.taskName(index),
    },
  ): void {
    const t = this.taskTable;
    // Events bubble up (reference §10): the task, each task above it, and every project any of
    // them is in, so a project's stream sees subtasks at any depth under its tasks.
    const scopes = new Set<string>();
    for (let row = index; row !== NO_ROW; row = t.parent[row] ?? NO_ROW) {
      scopes.add(t.gidOf(row));
      for (const membership of this.membershipsOf(row))
        scopes.add(this.projects[membership.project]?.gid ?? '');
    }
    scopes.add(this.workspaces[t.workspace[index] ?? 0]?.gid ?? '');
    this.events.append({ createdAt: at, userGid: this.me.gid, resource, ...event, scopes: [...scopes] });
  }

  /**
   * Changes a task and bumps its `modified_at`.
   *
   * @example
   * ```ts
   * sim.data.updateTask(gid, { name: 'New name', completed: true });
   * ```
   */
  updateTask(gid: string, patch: AsanaTaskPatch): AsanaTaskSnapshot {
    const index = this.requireTask(gid);
    const t = this.taskTable;
    const now = patch.modifiedAt ?? this.clock.now();
    const fields: Record<string, string> = {
      name: 'name',
      notes: 'notes',
      completed: 'completed',
      assigneeGid: 'assignee',
      dueOn: 'due_on',
      startOn: 'start_on',
      resourceSubtype: 'resource_subtype',
      sectionGid: 'memberships',
      tagGids: 'tags',
    };
    const changed = Object.keys(patch).flatMap((key) =>
      fields[key] !== undefined && patch[key as keyof AsanaTaskPatch] !== undefined ? [fields[key]!] : [],
    );
    if (patch.name !== undefined) this.taskNames.set(index, patch.name);
    if (patch.notes !== undefined) this.taskNotes.set(index, patch.notes);
    if (patch.completed !== undefined && patch.completed !== t.isCompleted(index)) {
      t.setFlag(index, TaskFlag.completed, patch.completed);
      t.completedAt[index] = patch.completed ? now : Number.NaN;
    }
    if (patch.assigneeGid !== undefined) {
      t.assignee[index] = patch.assigneeGid === null ? NO_ROW : this.requireUser(patch.assigneeGid);
    }
    if (patch.dueOn !== undefined) {
      t.dueOn[index] = requireDay('dueOn', patch.dueOn);
      t.dueAt[index] = Number.NaN;
    }
    if (patch.startOn !== undefined) t.startOn[index] = requireDay('startOn', patch.startOn);
    if (patch.resourceSubtype !== undefined) t.subtype[index] = TASK_SUBTYPES.indexOf(patch.resourceSubtype);
    if (patch.sectionGid !== undefined) this.moveToSection(index, patch.sectionGid);
    if (patch.tagGids !== undefined) {
      const tags = patch.tagGids.map((tagGid) => this.requireTag(tagGid));
      for (const old of this.taskTags.get(index) ?? []) removeFrom(this.tagTasks[old], index);
      this.taskTags.delete(index);
      if (tags.length > 0) this.taskTags.set(index, tags);
      for (const tag of tags) this.tagTasks[tag]?.push(index);
    }
    t.modifiedAt[index] = Math.max(now, t.createdAt[index] ?? now);
    for (const field of changed)
      this.taskEvent(index, now, { action: 'changed', parent: null, change: { field, action: 'changed' } });
    return this.snapshot(index);
  }

  /**
   * Deletes a task and its subtasks (they 404 from then on and leave every list). Returns the
   * number of tasks deleted.
   *
   * @example
   * ```ts
   * sim.data.deleteTask(gid);
   * ```
   */
  deleteTask(gid: string): number {
    const root = this.requireTask(gid);
    const stack = [root];
    let deleted = 0;
    const now = this.clock.now();
    while (stack.length > 0) {
      const row = stack.pop() ?? root;
      if (this.taskTable.isDeleted(row)) continue;
      this.taskEvent(row, now, { action: 'deleted', parent: null });
      this.taskTable.setFlag(row, TaskFlag.deleted, true);
      deleted += 1;
      stack.push(...(this.children.get(row) ?? []));
    }
    const parent = this.taskTable.parent[root] ?? NO_ROW;
    if (parent !== NO_ROW) this.taskTable.modifiedAt[parent] = now;
    return deleted;
  }

  /**
   * Moves a top-level task from its home project into `projectGid` (its first section), as
   * dragging it to another project does: the old project's stream sees it `removed`, the new
   * one's `added`, and its `modified_at` moves.
   *
   * @example
   * ```ts
   * sim.data.moveTask(taskGid, otherProjectGid);
   * ```
   */
  moveTask(gid: string, projectGid: string): AsanaTaskSnapshot {
    const index = this.requireTask(gid);
    const t = this.taskTable;
    const home = t.project[index] ?? NO_ROW;
    if (home === NO_ROW) throw invalid('taskGid', `task ${gid} has no home project to move from`);
    const target = this.requireProjectRow(projectGid);
    if (target === home) return this.snapshot(index);
    const first = this.projects[target]?.sectionGids[0];
    if (first === undefined) throw invalid('projectGid', `project ${projectGid} has no section`);
    const now = this.clock.now();
    const project = (row: number) => ({ gid: this.projects[row]?.gid ?? '', resource_type: 'project' });
    this.taskEvent(index, now, { action: 'removed', parent: project(home) });
    removeFrom(this.sectionTasks[t.section[index] ?? NO_ROW], index);
    t.project[index] = target;
    t.section[index] = this.sectionRow(first);
    this.sectionTasks[t.section[index] ?? NO_ROW]?.push(index);
    t.modifiedAt[index] = Math.max(now, t.createdAt[index] ?? now);
    this.taskEvent(index, now, { action: 'added', parent: project(target) });
    return this.snapshot(index);
  }

  /**
   * Attaches a file of `size` bytes (served from the download host, generated on the fly) to a
   * task or project.
   *
   * @example
   * ```ts
   * const file = sim.data.addAttachment({ parentGid: taskGid, name: 'video.mp4', size: 50_000_000 });
   * ```
   */
  addAttachment(input: AsanaNewAttachment): AsanaAttachmentRow {
    const size = input.size ?? 1024;
    if (!Number.isSafeInteger(size) || size < 0) throw invalid('size', `not a byte count: ${size}`);
    let parentType: 'task' | 'project';
    let workspaceGid: string;
    const taskIndex = this.taskRow(input.parentGid);
    if (taskIndex !== NO_ROW) {
      parentType = 'task';
      workspaceGid = this.workspaces[this.taskTable.workspace[taskIndex] ?? 0]?.gid ?? '';
    } else {
      const project = this.project(input.parentGid);
      if (project === undefined) throw invalid('parentGid', `no task or project ${input.parentGid}`);
      parentType = 'project';
      workspaceGid = project.workspaceGid;
    }
    const row: AsanaAttachmentRow = {
      gid: this.allocateGid(),
      parentGid: input.parentGid,
      parentType,
      workspaceGid,
      name: input.name ?? 'attachment.bin',
      host: input.host ?? 'asana',
      createdAt: input.createdAt ?? this.clock.now(),
      size,
    };
    this.insertAttachment(row);
    const resource = { gid: row.gid, resource_type: 'attachment', name: row.name };
    const parent = { gid: row.parentGid, resource_type: parentType };
    if (taskIndex !== NO_ROW) this.taskEvent(taskIndex, row.createdAt, { action: 'added', parent }, resource);
    else {
      this.events.append({
        createdAt: row.createdAt,
        userGid: this.me.gid,
        resource,
        action: 'added',
        parent,
        scopes: [row.parentGid, workspaceGid],
      });
    }
    return row;
  }

  private moveToSection(index: number, sectionGid: string): void {
    const t = this.taskTable;
    const target = this.requireSection(sectionGid);
    const home = t.project[index] ?? NO_ROW;
    const targetProject = this.projectRow(this.sections[target]?.projectGid ?? '');
    if (home === NO_ROW || targetProject !== home) {
      throw invalid('sectionGid', `section ${sectionGid} is not in the task's home project`);
    }
    const current = t.section[index] ?? NO_ROW;
    if (current === target) return;
    removeFrom(this.sectionTasks[current], index);
    t.section[index] = target;
    this.sectionTasks[target]?.push(index);
  }

  private requireTask(gid: string): number {
    const index = this.taskRow(gid);
    if (index === NO_ROW) throw invalid('taskGid', `no live task ${gid}`);
    return index;
  }
  private requireUser(gid: string): number {
    const index = this.userRow(gid);
    if (index === NO_ROW) throw invalid('assigneeGid', `no user ${gid}`);
    return index;
  }
  private requireProjectRow(gid: string): number {
    const index = this.projectRow(gid);
    if (index === NO_ROW) throw invalid('projectGid', `no project ${gid}`);
    return index;
  }
  private requireProject(gid: string): AsanaProjectRow {
    return this.projects[this.requireProjectRow(gid)] as AsanaProjectRow;
  }
  private requireSection(gid: string): number {
    const index = this.sectionRow(gid);
    if (index === NO_ROW) throw invalid('sectionGid', `no section ${gid}`);
    return index;
  }
  private requireTag(gid: string): number {
    const index = this.tagRow(gid);
    if (index === NO_ROW) throw invalid('tagGids', `no tag ${gid}`);
    return index;
  }
}
