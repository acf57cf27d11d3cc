// The task-management kind of the freshness suite (bench/suites/freshness.mjs) at a given number of
// projects, with or without the workspace event stream (issue 33): what an Asana account that is
// not an Enterprise+ service account gets, per-project event subscriptions paced to 10% of the
// quota, against the floor that pacing sets.
import { startAsanaSimulator } from '@conduit/testkit';

/** Asana's paid-plan limit per token (reference §4), the simulator's default. */
export const ASANA_ALLOWED_PER_MINUTE = 1_500;
/** The share of the quota idle watching may spend (`CONDUIT_SYNC_WATCH_SHARE`, default). */
export const WATCH_SHARE = 0.1;

/** Share of each kind among the changes (issue 33: changes of every kind). */
const MIX = [
  ['edit', 0.2],
  ['subtask', 0.16],
  ['complete', 0.16],
  ['delete', 0.16],
  ['attachment', 0.16],
  ['move', 0.16],
];

/**
 * The Asana simulator's API requests since it started: all of them, the event reads, and the
 * rest. From the log's running totals, not its retained entries: the log keeps the last 100,000
 * requests, and the first full sync of 200,000 tasks alone makes more.
 *
 * @example
 * ```js
 * const { stream, other } = asanaApiCounts(sim);
 * ```
 */
export function asanaApiCounts(sim) {
  let all = 0;
  let stream = 0;
  for (const [key, count] of Object.entries(sim.requests.countByRoute())) {
    if (!key.startsWith('api ')) continue;
    all += count;
    if (key.endsWith('/events')) stream += count;
  }
  return { all, stream, other: all - stream };
}

/** The 429s the simulator answered since it started (only its API host rate-limits). */
export function asanaRejected(sim) {
  return sim.requests.countByStatus()[429] ?? 0;
}

/**
 * The floor of a round: N projects at N requests a round under `share` of the quota (the shortest
 * quiet round the connector allows is 5 s).
 */
export function roundFloorMs(projects, perMinute = ASANA_ALLOWED_PER_MINUTE * WATCH_SHARE) {
  return Math.max(5_000, (projects * 60_000) / perMinute);
}

/**
 * An Asana scenario with `projects` projects of `tasksPerProject` top-level tasks (about one
 * subtask per two tasks, three attachments per ten), the workspace stream refused unless
 * `workspaceStream`.
 *
 * @example
 * ```js
 * const scenario = asanaProjectsScenario({ projects: 25, tasksPerProject: 40, workspaceStream: false });
 * ```
 */
export function asanaProjectsScenario({ projects, tasksPerProject, workspaceStream }) {
  const dataset = {
    preset: 'tiny',
    seed: 33,
    workspaces: 1,
    teamsPerWorkspace: 5,
    projectsPerTeam: Math.max(1, Math.round(projects / 5)),
    tasksPerProject,
    subtaskRatio: 0.5,
    attachmentsPerTask: 0.3,
    multiHomeRatio: 0,
    archivedProjectRatio: 0,
  };
  const floorMs = workspaceStream ? 5_000 : roundFloorMs(projects);
  const name = `${projects} projects, ${workspaceStream ? 'workspace stream on' : 'no workspace stream'}`;
  return {
    kind: `asana-${workspaceStream ? 'ws' : 'projects'}-${projects}`,
    label: `Task management (Asana), ${name}`,
    fullSyncNote: 'both limits off',
    recordNoun: 'tasks',
    idField: 'gid',
    mix: MIX,
    allowedPerMinute: ASANA_ALLOWED_PER_MINUTE,
    allowedText: '1,500',
    projects,
    workspaceStream,
    floorMs,
    /** Changes are lost only when not seen long after a round could have read them. */
    lostAfterMs: Math.max(60_000, floorMs * 2.5),
    targetP95Ms: workspaceStream || floorMs <= 10_000 ? 10_000 : floorMs * 1.2,
    async start() {
      const sim = await startAsanaSimulator({ dataset, rateLimit: false, workspaceEvents: workspaceStream });
      return {
        sim,
        connector: {
          connectorType: 'asana',
          credentials: { token: sim.tokens.personalAccessToken },
          config: { base_url: sim.baseUrl },
        },
        records: sim.data.taskCount,
        close: () => sim.close(),
      };
    },
    apiCounts: asanaApiCounts,
    limitOn: (sim) => sim.setRateLimit({}),
    rejected: asanaRejected,
    /** Top-level tasks, each the target of one change at most (and their first subtasks). */
    targets: (sim) =>
      sim.data
        .taskGids({ parentGid: undefined })
        .filter((gid) => sim.data.task(gid)?.parentGid === null)
        .sort(),
    apply(sim, change, marker) {
      switch (change.kind) {
        case 'edit':
          sim.updateTask(change.target, { name: marker });
          return { entity: 'tasks', id: change.target, present: true, field: 'name', value: marker };
        case 'subtask': {
          // Rename a subtask the copy already holds; a task without one gets a new one.
          const existing = sim.data.subtaskGids(change.target)[0];
          if (existing !== undefined) {
            sim.updateTask(existing, { name: marker });
            return { entity: 'tasks', id: existing, present: true, field: 'name', value: marker };
          }
          const created = sim.addTask({ parentGid: change.target, name: marker });
          return { entity: 'tasks', id: created.gid, present: true, field: 'name', value: marker };
        }
        case 'complete': {
          const completed = !sim.data.task(change.target).completed;
          sim.updateTask(change.target, { completed });
          return { entity: 'tasks', id: change.target, present: true, field: 'completed', value: completed };
        }
        case 'delete':
          sim.deleteTask(change.target);
          return { entity: 'tasks', id: change.target, present: false };
        case 'attachment': {
          const attachment = sim.addAttachment({ parentGid: change.target, name: `${marker}.pdf` });
          return {
            entity: 'attachments',
            id: attachment.gid,
            present: true,
            field: 'name',
            value: `${marker}.pdf`,
          };
        }
        case 'move': {
          const from = sim.data.task(change.target).projectGids[0];
          const others = sim.data.projects.filter(
            (project) => project.gid !== from && project.sectionGids.length > 0,
          );
          const to = others[change.index % others.length].gid;
          sim.moveTask(change.target, to);
          return {
            entity: 'tasks',
            id: change.target,
            present: true,
            field: 'projects',
            matches: (data) =>
              Array.isArray(data.projects) && data.projects.some((project) => project?.gid === to),
          };
        }
        default:
          throw new Error(`unknown change kind ${change.kind}`);
      }
    },
    /** A burst: `count` renames of tasks in one project, `spacingMs` apart. */
    burstTargets: (sim, count) => {
      const busiest = [...sim.data.projects]
        .map((project) => ({ gid: project.gid, tasks: sim.data.taskGids({ projectGid: project.gid }) }))
        .sort((a, b) => b.tasks.length - a.tasks.length)[0];
      return busiest.tasks.slice(0, count);
    },
    describe: ({
      changes,
      windowMs,
      idleMs,
      observeMs,
      lostMs,
    }) => `The Asana simulator (in the driver's process) holds ${projects} projects of ${tasksPerProject} top-level tasks
(about one subtask per two tasks, three attachments per ten; one workspace, 5 teams), ${
      workspaceStream
        ? 'its token allowed the workspace event stream (an Enterprise+ service account): the watch reads one subscription'
        : 'its token refused the workspace event stream (402, as for every account but an Enterprise+ service account): the watch reads one subscription per project'
    }. \`node apps/server/dist/main.js\` runs in its own process with the **default sync settings**
(watch share 10% of the quota, incremental run every 15 min, full every 24 h). Once the first full
run and the catch-up run are done, the simulator's **rate limit is switched on (1,500 requests/min
per token, 50 concurrent GETs)**, then: **idle** ${idleMs / 1000} s with no change (every API
request counted), then **${changes} changes** at uniformly random times over ${windowMs / 1000} s,
each on its own top-level task: renames, renames of a subtask, completions, deletions, new
attachments and moves to another project (20/16/16/16/16/16%), each timed from the change to the
first hosted search answer showing it (asked every ${observeMs} ms; a change not seen within
${lostMs / 1000} s is lost); then a **burst** of renames in
one project, 500 ms apart, timed after the first of them is seen.`,
  };
}
