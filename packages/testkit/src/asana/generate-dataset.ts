import { hashParts, SeededRandom } from '../core/seeded-random';
import { AsanaDataset } from './asana-dataset';
import { ONE_DAY_MS } from './calendar';
import {
  addAttachmentTo,
  addProject,
  addTags,
  addTeam,
  addUser,
  addWorkspace,
  type Build,
  fillProject,
  joinTeam,
  slug,
} from './dataset-builders';
import { type AsanaDatasetOptions, resolveAsanaDatasetOptions } from './dataset-options';
import { SANDBOX_ORGANIZATION, SANDBOX_PERSONAL } from './sandbox-content';
import { buildSandboxWorkspace } from './sandbox-workspace';
import { NO_ROW } from './task-table';
import {
  COMPANY_NAMES,
  FIRST_NAMES,
  LAST_NAMES,
  PROJECT_GOALS,
  PROJECT_SUBJECTS,
  SECTION_NAMES,
  TAG_NAMES,
  TEAM_NAMES,
} from './vocabulary';

function workspacePeople(data: AsanaDataset, workspace: number): number[] {
  const gid = data.workspaces[workspace]?.gid ?? '';
  const out: number[] = [];
  data.users.forEach((user, index) => {
    if (user.workspaceGids.includes(gid)) out.push(index);
  });
  return out;
}

function buildGenerated(build: Build): void {
  const { data, rng, options } = build;
  const workspaceName = (w: number): string => {
    const company = COMPANY_NAMES[w % COMPANY_NAMES.length] ?? 'Workspace';
    return w < COMPANY_NAMES.length ? company : `${company} ${Math.floor(w / COMPANY_NAMES.length) + 1}`;
  };
  // `.example` is reserved (RFC 2606): generated addresses can never reach a real mailbox.
  const domainOf = (name: string): string => `${slug(name).replace(/\./g, '')}.example`;
  const me = addUser(build, `${FIRST_NAMES[0]} ${LAST_NAMES[0]}`, domainOf(workspaceName(0)), true);
  let personCounter = 1;
  const allTopLevel: number[] = [];
  for (let w = 0; w < options.workspaces; w += 1) {
    const name = workspaceName(w);
    const domain = domainOf(name);
    const workspace = addWorkspace(build, name, domain, true);
    const workspaceGid = data.workspaces[workspace]?.gid ?? '';
    data.users[me]?.workspaceGids.push(workspaceGid);
    const people = [me];
    for (let u = 1; u < options.usersPerWorkspace; u += 1, personCounter += 1) {
      const first = FIRST_NAMES[personCounter % FIRST_NAMES.length];
      const last =
        LAST_NAMES[(personCounter * 7 + Math.floor(personCounter / FIRST_NAMES.length)) % LAST_NAMES.length];
      const user = addUser(build, `${first} ${last}`, domain, false);
      data.users[user]?.workspaceGids.push(workspaceGid);
      people.push(user);
    }
    const teams: number[] = [];
    for (let t = 0; t < options.teamsPerWorkspace; t += 1) {
      const teamName = TEAM_NAMES[t % TEAM_NAMES.length] ?? 'Team';
      const label = t < TEAM_NAMES.length ? teamName : `${teamName} ${Math.floor(t / TEAM_NAMES.length) + 1}`;
      const team = addTeam(build, workspace, label, `The ${label.toLowerCase()} team of ${name}.`);
      joinTeam(build, me, team);
      teams.push(team);
    }
    people.slice(1).forEach((user, position) => {
      if (teams.length === 0) return;
      joinTeam(build, user, teams[position % teams.length] ?? 0);
      if (rng.chance(0.3)) joinTeam(build, user, rng.pick(teams));
    });
    const tags = addTags(
      build,
      workspace,
      Array.from({ length: options.tagsPerWorkspace }, (_, i) =>
        i < TAG_NAMES.length ? (TAG_NAMES[i] ?? 'tag') : `${TAG_NAMES[i % TAG_NAMES.length]}-${i}`,
      ),
    );
    const projectCount = teams.length * options.projectsPerTeam;
    const archived = new Set(
      rng.sample(
        Array.from({ length: projectCount }, (_, i) => i),
        Math.floor(projectCount * options.archivedProjectRatio),
      ),
    );
    let ordinal = 0;
    for (const team of teams) {
      const members = (data.teams[team]?.memberGids ?? []).map((gid) => data.userRow(gid));
      for (let p = 0; p < options.projectsPerTeam; p += 1, ordinal += 1) {
        const subject = PROJECT_SUBJECTS[(ordinal + w * 3) % PROJECT_SUBJECTS.length];
        const goal = PROJECT_GOALS[(ordinal * 7 + w) % PROJECT_GOALS.length];
        const sectionNames = Array.from(
          { length: options.sectionsPerProject },
          (_, s) => SECTION_NAMES[s % SECTION_NAMES.length] ?? 'Section',
        );
        const project = addProject(build, {
          workspace,
          team,
          name: `${subject} ${goal}`,
          notes: `Everything for the ${subject?.toLowerCase()} ${goal}. Owner updates the status every Friday.`,
          archived: archived.has(ordinal),
          sectionNames,
        });
        if (rng.chance(0.3)) addAttachmentTo(build, data.projects[project]?.gid ?? '', build.start);
        allTopLevel.push(
          ...fillProject(
            build,
            {
              project,
              tasks: options.tasksPerProject,
              subtaskRatio: options.subtaskRatio,
              attachmentsPerTask: options.attachmentsPerTask,
              dependencyRatio: options.dependencyRatio,
            },
            members.length > 0 ? members : people,
            tags,
          ),
        );
      }
    }
  }
  addMultiHoming(build, allTopLevel);
}

/** A few tasks also live in a second project of their workspace, as multi-homed tasks do. */
function addMultiHoming(build: Build, topLevel: readonly number[]): void {
  const { data, rng, options } = build;
  if (options.multiHomeRatio <= 0) return;
  for (const row of topLevel) {
    if (!rng.chance(options.multiHomeRatio)) continue;
    const home = data.taskTable.project[row] ?? NO_ROW;
    const workspaceGid = data.projects[home]?.workspaceGid;
    const candidates = data.projects
      .map((project, index) => ({ project, index }))
      .filter(({ project, index }) => index !== home && project.workspaceGid === workspaceGid);
    if (candidates.length === 0) continue;
    const target = rng.pick(candidates);
    const sectionGid = rng.pick(target.project.sectionGids);
    data.addMembership(row, { project: target.index, section: data.sectionRow(sectionGid) });
  }
}

function addLargeProject(build: Build): void {
  const { data, options } = build;
  const large = options.largeProject;
  if (large === undefined) return;
  const team = data.teams.findIndex((row) => row.workspaceGid === data.workspaces[0]?.gid);
  if (team < 0) return;
  const sectionCount = large.sections ?? 10;
  const project = addProject(build, {
    workspace: 0,
    team,
    name: large.name ?? 'Support ticket backlog',
    notes: 'Every customer ticket escalated to engineering, one task per ticket.',
    archived: false,
    sectionNames: Array.from({ length: sectionCount }, (_, s) => {
      const base = SECTION_NAMES[s % SECTION_NAMES.length] ?? 'Section';
      return s < SECTION_NAMES.length ? base : `${base} ${Math.floor(s / SECTION_NAMES.length) + 1}`;
    }),
  });
  data.largeProject = data.projects[project];
  const tags = data.tags.flatMap((tag, index) =>
    tag.workspaceGid === data.workspaces[0]?.gid ? [index] : [],
  );
  fillProject(
    build,
    {
      project,
      tasks: large.tasks,
      subtaskRatio: large.subtaskRatio ?? 0,
      attachmentsPerTask: large.attachmentsPerTask ?? 0,
      dependencyRatio: 0,
    },
    workspacePeople(data, 0),
    tags,
  );
}

/**
 * Builds a deterministic Asana account: the same options (and seed) always give the same gids,
 * names, timestamps and relations. Timestamps spread over `historyDays` before `anchor`, so
 * `modified_since` and date filters select meaningful subsets.
 *
 * @example
 * ```ts
 * const tiny = generateAsanaDataset({ preset: 'tiny', seed: 3 });
 * const demo = generateAsanaDataset({ preset: 'sandbox' });
 * const bench = generateAsanaDataset({ preset: 'benchmark', largeProject: { tasks: 200_000 } });
 * ```
 */
export function generateAsanaDataset(options: AsanaDatasetOptions = {}): AsanaDataset {
  const resolved = resolveAsanaDatasetOptions(options);
  const seed = typeof resolved.seed === 'number' ? resolved.seed >>> 0 : hashParts(resolved.seed);
  // Distinct seeds get distinct gid ranges, so ids from one dataset never resolve in another.
  const firstGid = 1_200_000_000_000_000 + (hashParts('gid-range', seed) % 100_000) * 1_000_000_000;
  const data = new AsanaDataset(seed, firstGid);
  const build: Build = {
    data,
    rng: new SeededRandom(seed),
    options: resolved,
    start: resolved.anchor - resolved.historyDays * ONE_DAY_MS,
    end: resolved.anchor,
  };
  if (resolved.preset === 'sandbox') {
    const people = new Map<string, number>();
    buildSandboxWorkspace(build, SANDBOX_ORGANIZATION, people);
    buildSandboxWorkspace(build, SANDBOX_PERSONAL, people);
  } else {
    buildGenerated(build);
  }
  addLargeProject(build);
  data.taskTable.compact();
  return data;
}
