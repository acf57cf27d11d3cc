import { ValidationError } from '@conduit/protocol';

/**
 * Named dataset shapes: `tiny` for unit tests, `sandbox` for demos (hand-written, human-readable
 * names and notes), `benchmark` for list benchmarks (one project holding 200,000 tasks).
 *
 * @example
 * ```ts
 * const data = generateAsanaDataset({ preset: 'sandbox' });
 * ```
 */
export type AsanaDatasetPreset = 'tiny' | 'sandbox' | 'benchmark';

/**
 * One extra project holding `tasks` top-level tasks (e.g. 200,000 for the list benchmark), added to
 * the first team of the first workspace.
 *
 * @example
 * ```ts
 * const large: AsanaLargeProjectOptions = { tasks: 200_000, sections: 10 };
 * ```
 */
export interface AsanaLargeProjectOptions {
  tasks: number;
  /** Default 10. */
  sections?: number;
  /** Default 'Support ticket backlog'. */
  name?: string;
  /** Average subtasks per task. Default 0. */
  subtaskRatio?: number;
  /** Average attachments per task. Default 0. */
  attachmentsPerTask?: number;
}

/**
 * What to generate. Every count is per parent (`tasksPerProject` per project, and so on); ratios
 * are averages, so `attachmentsPerTask: 0.3` gives about three attachments per ten tasks.
 *
 * @example
 * ```ts
 * const data = generateAsanaDataset({ seed: 42, tasksPerProject: 500, subtaskRatio: 1.5 });
 * ```
 */
export interface AsanaDatasetOptions {
  /** Start from a preset; the other options override it. Default `tiny`. */
  preset?: AsanaDatasetPreset;
  /** Same seed, same data. Default 1. */
  seed?: number | string;
  workspaces?: number;
  teamsPerWorkspace?: number;
  /** Includes the account owner (`me`), who belongs to every workspace. */
  usersPerWorkspace?: number;
  projectsPerTeam?: number;
  /** Sections per project; 0 still creates one "Untitled section", as Asana does. */
  sectionsPerProject?: number;
  /** Top-level tasks per project. */
  tasksPerProject?: number;
  /** Average number of subtasks per top-level task (some subtasks get a nested subtask). */
  subtaskRatio?: number;
  /** Share of top-level tasks that depend on an earlier task of the same project. */
  dependencyRatio?: number;
  /** Average attachments per top-level task (fractional is fine). */
  attachmentsPerTask?: number;
  tagsPerWorkspace?: number;
  /** Share of tasks carrying at least one tag. */
  tagRatio?: number;
  /** Share of tasks that are completed. */
  completedRatio?: number;
  /** Share of projects that are archived. */
  archivedProjectRatio?: number;
  /** Share of top-level tasks also added to a second project. */
  multiHomeRatio?: number;
  largeProject?: AsanaLargeProjectOptions;
  /** Every generated timestamp lies before this instant (ISO string or epoch ms). Default 2025-06-01. */
  anchor?: string | number;
  /** How far back generated history goes, in days. Default 540. */
  historyDays?: number;
  /** Whether workspaces start premium (search and dependencies allowed). Default true. */
  premium?: boolean;
}

/** Options with every field filled in. */
export type ResolvedAsanaDatasetOptions = Required<
  Omit<AsanaDatasetOptions, 'largeProject' | 'seed' | 'anchor'>
> & {
  seed: number | string;
  anchor: number;
  largeProject: AsanaLargeProjectOptions | undefined;
};

const BASE: Omit<ResolvedAsanaDatasetOptions, 'preset'> = {
  seed: 1,
  workspaces: 1,
  teamsPerWorkspace: 2,
  usersPerWorkspace: 6,
  projectsPerTeam: 2,
  sectionsPerProject: 3,
  tasksPerProject: 12,
  subtaskRatio: 0.5,
  dependencyRatio: 0.2,
  attachmentsPerTask: 0.5,
  tagsPerWorkspace: 4,
  tagRatio: 0.3,
  completedRatio: 0.3,
  archivedProjectRatio: 0.25,
  multiHomeRatio: 0.05,
  largeProject: undefined,
  anchor: Date.parse('2025-06-01T00:00:00.000Z'),
  historyDays: 540,
  premium: true,
};

/**
 * The option values behind each preset (the sandbox preset's structure comes from hand-written
 * content; only `seed`, `anchor`, `historyDays`, `premium` and `largeProject` apply to it).
 *
 * @example
 * ```ts
 * const options = { ...ASANA_DATASET_PRESETS.benchmark, largeProject: { tasks: 50_000 } };
 * ```
 */
export const ASANA_DATASET_PRESETS: Readonly<Record<AsanaDatasetPreset, AsanaDatasetOptions>> = {
  tiny: {},
  sandbox: {},
  benchmark: {
    teamsPerWorkspace: 1,
    usersPerWorkspace: 20,
    projectsPerTeam: 1,
    tasksPerProject: 50,
    attachmentsPerTask: 0.2,
    largeProject: { tasks: 200_000, sections: 10 },
  },
};

const COUNT_FIELDS = [
  'workspaces',
  'teamsPerWorkspace',
  'usersPerWorkspace',
  'projectsPerTeam',
  'sectionsPerProject',
  'tasksPerProject',
  'tagsPerWorkspace',
  'historyDays',
] as const;
const RATIO_FIELDS = [
  'dependencyRatio',
  'tagRatio',
  'completedRatio',
  'archivedProjectRatio',
  'multiHomeRatio',
] as const;

function reject(field: string, message: string): never {
  throw new ValidationError(`${field}: ${message}`, {
    details: [{ field, message, error_code: 'invalid_param' }],
  });
}

/**
 * Merges preset and overrides and checks every value, so a typo fails loudly instead of producing
 * a silently empty dataset.
 *
 * @example
 * ```ts
 * resolveAsanaDatasetOptions({ preset: 'tiny', tasksPerProject: 3 }).tasksPerProject; // 3
 * ```
 */
export function resolveAsanaDatasetOptions(options: AsanaDatasetOptions = {}): ResolvedAsanaDatasetOptions {
  const preset = options.preset ?? 'tiny';
  if (!(preset in ASANA_DATASET_PRESETS)) reject('preset', `unknown preset ${String(preset)}`);
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const merged = { ...BASE, ...ASANA_DATASET_PRESETS[preset], ...defined, preset };
  const anchor = typeof merged.anchor === 'string' ? Date.parse(merged.anchor) : merged.anchor;
  if (!Number.isFinite(anchor)) reject('anchor', `not a date-time: ${String(merged.anchor)}`);
  for (const field of COUNT_FIELDS) {
    const value = merged[field];
    if (!Number.isSafeInteger(value) || value < 0)
      reject(field, `must be a non-negative integer, got ${value}`);
  }
  if (merged.workspaces < 1) reject('workspaces', 'must be at least 1');
  if (merged.usersPerWorkspace < 1) reject('usersPerWorkspace', 'must be at least 1 (the account owner)');
  for (const field of RATIO_FIELDS) {
    const value = merged[field];
    if (!(value >= 0 && value <= 1)) reject(field, `must be between 0 and 1, got ${value}`);
  }
  for (const field of ['subtaskRatio', 'attachmentsPerTask'] as const) {
    const value = merged[field];
    if (!(value >= 0 && value <= 50)) reject(field, `must be between 0 and 50, got ${value}`);
  }
  const large = merged.largeProject;
  if (large !== undefined) {
    if (!Number.isSafeInteger(large.tasks) || large.tasks < 0)
      reject('largeProject.tasks', 'must be a count');
    if (large.sections !== undefined && (!Number.isSafeInteger(large.sections) || large.sections < 0)) {
      reject('largeProject.sections', 'must be a count');
    }
  }
  return { ...merged, anchor };
}
