import { ValidationError } from '@conduit/protocol';
import { parseDay } from './calendar';
import type { AsanaAttachmentHost } from './dataset-rows';
import { NO_DAY } from './task-table';

// What the dataset's writes take (a new task, a task patch, a new attachment), the filter of its
// task lookups, and how their fields are checked.

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

/** @internal A bad input to a dataset write, naming its field. */
export function invalid(field: string, message: string): ValidationError {
  return new ValidationError(`${field}: ${message}`, {
    details: [{ field, message, error_code: 'invalid_param' }],
  });
}

/** @internal A `YYYY-MM-DD` field as a day number (`NO_DAY` when absent). */
export function requireDay(field: string, value: string | null | undefined): number {
  if (value === null || value === undefined) return NO_DAY;
  const day = parseDay(value);
  if (day === undefined) throw invalid(field, `not a YYYY-MM-DD date: ${value}`);
  return day;
}

/** @internal Removes one value from a row list, if present. */
export function removeFrom(list: number[] | undefined, value: number): void {
  if (list === undefined) return;
  const at = list.indexOf(value);
  if (at >= 0) list.splice(at, 1);
}
