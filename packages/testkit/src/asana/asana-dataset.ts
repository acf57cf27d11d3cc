import {
  type AsanaNewAttachment,
  type AsanaNewTask,
  type AsanaTaskPatch,
  invalid,
  removeFrom,
  requireDay,
} from './dataset-inputs';
import type { AsanaAttachmentRow, AsanaTaskSnapshot } from './dataset-rows';
import { AsanaDatasetStore } from './dataset-store';
import type { AsanaEvent } from './event-log';
import { NO_ROW, TASK_SUBTYPES, TaskFlag, TaskTable } from './task-table';

export type { AsanaNewAttachment, AsanaNewTask, AsanaTaskFilter, AsanaTaskPatch } from './dataset-inputs';
export type { TaskMembership } from './dataset-store';

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
export class AsanaDataset extends AsanaDatasetStore {
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
}
