import { hashParts, SeededRandom } from '../core/seeded-random';
import { AsanaDataset } from './asana-dataset';
import { dayNumberOf, ONE_DAY_MS } from './calendar';
import {
  type AsanaDatasetOptions,
  type ResolvedAsanaDatasetOptions,
  resolveAsanaDatasetOptions,
} from './dataset-options';
import type { AsanaAttachmentHost, AsanaProjectRow, AsanaTeamRow, AsanaUserRow } from './dataset-rows';
import { SANDBOX_ORGANIZATION, SANDBOX_PERSONAL, type SandboxWorkspace } from './sandbox-content';
import { NO_DAY, NO_ROW, TaskFlag } from './task-table';
import {
  ATTACHMENT_NAMES,
  COMPANY_NAMES,
  FIRST_NAMES,
  LAST_NAMES,
  PROJECT_GOALS,
  PROJECT_SUBJECTS,
  SECTION_NAMES,
  TAG_NAMES,
  TEAM_NAMES,
} from './vocabulary';

const PROJECT_COLORS = [
  'dark-pink',
  'dark-green',
  'dark-blue',
  'dark-red',
  'dark-teal',
  'dark-brown',
  'dark-orange',
  'dark-purple',
  'dark-warm-gray',
  'light-pink',
  'light-green',
  'light-blue',
  'light-red',
  'light-teal',
  'light-brown',
  'light-orange',
  'light-purple',
  'light-warm-gray',
] as const;
const PROJECT_ICONS = [
  'list',
  'board',
  'timeline',
  'calendar',
  'rocket',
  'people',
  'graph',
  'star',
  'bug',
  'globe',
];
const VIEWS = ['list', 'list', 'board', 'board', 'calendar', 'timeline'] as const;
const HOSTS: ReadonlyArray<readonly [AsanaAttachmentHost, number]> = [
  ['asana', 0.7],
  ['gdrive', 0.08],
  ['dropbox', 0.07],
  ['box', 0.05],
  ['onedrive', 0.04],
  ['vimeo', 0.03],
  ['external', 0.03],
];

/** Shared state while building: the random sequence and the time window. */
interface Build {
  data: AsanaDataset;
  rng: SeededRandom;
  options: ResolvedAsanaDatasetOptions;
  start: number;
  end: number;
}

/** Everything a new task needs besides randomness. */
interface TaskPlan {
  workspace: number;
  project: number;
  section: number;
  parent: number;
  people: readonly number[];
  tags: readonly number[];
  completed?: boolean;
  subtype?: number;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

function pickHost(rng: SeededRandom): AsanaAttachmentHost {
  let roll = rng.next();
  for (const [host, weight] of HOSTS) {
    roll -= weight;
    if (roll < 0) return host;
  }
  return 'asana';
}

function attachmentSize(rng: SeededRandom): number {
  // Log-uniform between 2 KiB and 5 MiB: many small files, a few large ones, like real uploads.
  return Math.round(2048 * 2560 ** rng.next());
}

function between(rng: SeededRandom, from: number, to: number): number {
  return Math.round(from + rng.next() * Math.max(0, to - from));
}

function addUser(build: Build, name: string, domain: string, isMe: boolean): number {
  const gid = build.data.allocateGid();
  const row: AsanaUserRow = {
    gid,
    name,
    email: `${slug(name)}@${domain}`,
    photo: build.rng.chance(0.8),
    workspaceGids: [],
    teamGids: [],
  };
  return build.data.insertUser(row, isMe);
}

function joinTeam(build: Build, user: number, team: number): void {
  const userRow = build.data.users[user];
  const teamRow = build.data.teams[team];
  if (userRow === undefined || teamRow === undefined || teamRow.memberGids.includes(userRow.gid)) return;
  teamRow.memberGids.push(userRow.gid);
  userRow.teamGids.push(teamRow.gid);
}

function addWorkspace(build: Build, name: string, domain: string, isOrganization: boolean): number {
  return build.data.insertWorkspace({
    gid: build.data.allocateGid(),
    name,
    isOrganization,
    emailDomains: isOrganization ? [domain] : [],
    premium: build.options.premium,
  });
}

function addTeam(build: Build, workspace: number, name: string, description: string): number {
  const visibility = build.rng.chance(0.8) ? 'public' : build.rng.chance(0.5) ? 'request_to_join' : 'secret';
  const row: AsanaTeamRow = {
    gid: build.data.allocateGid(),
    workspaceGid: build.data.workspaces[workspace]?.gid ?? '',
    name,
    description,
    visibility,
    endorsed: build.rng.chance(0.2),
    memberGids: [],
  };
  return build.data.insertTeam(row);
}

function addTags(build: Build, workspace: number, names: readonly string[]): number[] {
  const { data, rng } = build;
  const workspaceRow = data.workspaces[workspace];
  const members = data.users.filter((user) => user.workspaceGids.includes(workspaceRow?.gid ?? ''));
  return names.map((name) =>
    data.insertTag({
      gid: data.allocateGid(),
      workspaceGid: workspaceRow?.gid ?? '',
      name,
      color: rng.chance(0.85) ? rng.pick(PROJECT_COLORS) : null,
      notes: rng.chance(0.5) ? `Use for ${name.replace('-', ' ')} work.` : '',
      createdAt: between(rng, build.start, build.start + (build.end - build.start) / 4),
      followerGids: rng.sample(members, rng.int(0, 2)).map((user) => user.gid),
    }),
  );
}

interface ProjectPlan {
  workspace: number;
  team: number;
  name: string;
  notes: string;
  archived: boolean;
  color?: string;
  icon?: string;
  sectionNames: readonly string[];
}

function addProject(build: Build, plan: ProjectPlan): number {
  const { data, rng } = build;
  const team = data.teams[plan.team];
  const members = (team?.memberGids ?? []).filter((gid) => gid !== data.me.gid);
  const owner = members.length > 0 ? rng.pick(members) : data.me.gid;
  const memberGids = [...new Set([owner, data.me.gid, ...rng.sample(members, 3)])];
  const createdAt = between(rng, build.start, build.start + (build.end - build.start) / 3);
  const completed = plan.archived && rng.chance(0.5);
  const completedAt = completed ? between(rng, createdAt, build.end) : null;
  const startDay = rng.chance(0.5) ? dayNumberOf(createdAt) + rng.int(0, 20) : undefined;
  const dueDay = rng.chance(0.6) ? dayNumberOf(createdAt) + rng.int(30, 240) : undefined;
  const row: AsanaProjectRow = {
    gid: data.allocateGid(),
    workspaceGid: data.workspaces[plan.workspace]?.gid ?? '',
    teamGid: team?.gid ?? '',
    name: plan.name,
    notes: plan.notes,
    archived: plan.archived,
    color: plan.color ?? (rng.chance(0.9) ? rng.pick(PROJECT_COLORS) : null),
    icon: plan.icon ?? (rng.chance(0.7) ? rng.pick(PROJECT_ICONS) : null),
    createdAt,
    modifiedAt: between(rng, createdAt, build.end),
    completed,
    completedAt,
    completedByGid: completed ? owner : null,
    ownerGid: owner,
    memberGids,
    followerGids: rng.chance(0.5)
      ? [owner, data.me.gid].filter((v, i, all) => all.indexOf(v) === i)
      : [owner],
    defaultView: rng.pick(VIEWS),
    privacySetting: rng.chance(0.8) ? 'public_to_workspace' : rng.chance(0.5) ? 'private_to_team' : 'private',
    startOn: startDay === undefined ? null : new Date(startDay * ONE_DAY_MS).toISOString().slice(0, 10),
    dueOn: dueDay === undefined ? null : new Date(dueDay * ONE_DAY_MS).toISOString().slice(0, 10),
    sectionGids: [],
  };
  const project = data.insertProject(row);
  const names = plan.sectionNames.length > 0 ? plan.sectionNames : ['Untitled section'];
  for (const name of names) {
    data.insertSection({
      gid: data.allocateGid(),
      projectGid: row.gid,
      name,
      createdAt: between(rng, createdAt, createdAt + 7 * ONE_DAY_MS),
    });
  }
  return project;
}

/** Adds one task with realistic timestamps, dates, subtype, assignee and likes; returns its row. */
function addTask(build: Build, plan: TaskPlan, createdAt: number): number {
  const { data, rng, options } = build;
  const end = build.end;
  const modifiedAt = between(rng, createdAt, end);
  const completed = plan.completed ?? rng.chance(options.completedRatio);
  const completedAt = completed ? between(rng, createdAt, modifiedAt) : Number.NaN;
  let dueOn = NO_DAY;
  let dueAt = Number.NaN;
  let startOn = NO_DAY;
  if (rng.chance(0.6)) {
    dueOn = dayNumberOf(createdAt) + rng.int(1, 60);
    if (rng.chance(0.1)) dueAt = dueOn * ONE_DAY_MS + 17 * 3_600_000;
    else if (rng.chance(0.15)) startOn = dueOn - rng.int(1, 10);
  }
  const roll = rng.next();
  const subtype = plan.subtype ?? (roll < 0.04 ? 1 : roll < 0.07 ? 2 : 0);
  const approval = subtype === 2 ? (completed ? 1 : rng.pick([0, 0, 0, 1, 2, 3])) : 0;
  const people = plan.people;
  const meRow = data.userRow(data.me.gid);
  const assignee =
    people.length === 0 || !rng.chance(0.75)
      ? NO_ROW
      : rng.chance(0.2)
        ? meRow
        : (rng.pick(people) ?? NO_ROW);
  const createdBy = people.length === 0 ? meRow : (rng.pick(people) ?? meRow);
  const numLikes = rng.chance(0.1) ? rng.int(1, 3) : 0;
  let flags = completed ? TaskFlag.completed : 0;
  if (numLikes > 0 && rng.chance(0.3)) flags |= TaskFlag.likedByMe;
  const index = data.taskTable.append({
    gid: data.allocateGidNumber(),
    workspace: plan.workspace,
    project: plan.project,
    section: plan.section,
    parent: plan.parent,
    assignee,
    createdBy,
    createdAt,
    modifiedAt,
    completedAt,
    dueOn,
    dueAt,
    startOn,
    subtype,
    approval,
    assigneeStatus: assignee === NO_ROW ? 0 : rng.int(0, 3),
    flags,
    numLikes,
  });
  let tags: number[] = [];
  if (plan.tags.length > 0 && rng.chance(options.tagRatio)) {
    tags = rng.sample(plan.tags, rng.chance(0.15) ? 2 : 1);
  }
  data.linkTask(index, tags);
  if (rng.chance(0.02)) {
    data.taskExternal.set(index, {
      gid: `crm-${index}`,
      data: JSON.stringify({ source: 'crm', ticket: index }),
    });
  }
  return index;
}

function addAttachmentTo(
  build: Build,
  parentGid: string,
  from: number,
  name?: string,
  host?: AsanaAttachmentHost,
) {
  const { data, rng } = build;
  const chosenHost = host ?? pickHost(rng);
  const fileName =
    name ??
    (chosenHost === 'vimeo' ? 'Video message.mp4' : `${rng.int(1, 99)}-${rng.pick(ATTACHMENT_NAMES)}`);
  data.addAttachment({
    parentGid,
    name: fileName,
    host: chosenHost,
    size: attachmentSize(rng),
    createdAt: between(rng, from, build.end),
  });
}

function addSubtasks(build: Build, parentRow: number, plan: TaskPlan, count: number, depth: number): void {
  const { data, rng } = build;
  const parentCreated = data.taskTable.createdAt[parentRow] ?? build.start;
  for (let s = 0; s < count; s += 1) {
    const created = Math.min(build.end - 60_000, parentCreated + rng.int(60_000, 3 * ONE_DAY_MS));
    const child = addTask(build, { ...plan, project: NO_ROW, section: NO_ROW, parent: parentRow }, created);
    // Asana allows five levels; a few nested ones are enough to exercise recursion in clients.
    if (depth < 4 && rng.chance(0.1)) addSubtasks(build, child, plan, 1, depth + 1);
  }
}

interface ProjectFill {
  project: number;
  tasks: number;
  subtaskRatio: number;
  attachmentsPerTask: number;
  dependencyRatio: number;
}

/** Fills a project's sections with tasks, section by section; returns the top-level task rows. */
function fillProject(
  build: Build,
  fill: ProjectFill,
  people: readonly number[],
  tags: readonly number[],
): number[] {
  const { data, rng } = build;
  const project = data.projects[fill.project];
  if (project === undefined) return [];
  const workspace = data.workspaceRow(project.workspaceGid);
  const sections = project.sectionGids.map((gid) => data.sectionRow(gid));
  const span = Math.max(ONE_DAY_MS, build.end - ONE_DAY_MS - project.createdAt);
  const topLevel: number[] = [];
  for (let k = 0; k < fill.tasks; k += 1) {
    const section = sections[Math.floor((k * sections.length) / Math.max(1, fill.tasks))] ?? NO_ROW;
    const created = Math.round(project.createdAt + ((k + rng.next()) / fill.tasks) * span);
    const plan: TaskPlan = { workspace, project: fill.project, section, parent: NO_ROW, people, tags };
    const row = addTask(build, plan, created);
    topLevel.push(row);
    const subtasks = rng.count(fill.subtaskRatio);
    if (subtasks > 0) addSubtasks(build, row, plan, subtasks, 1);
    const files = rng.count(fill.attachmentsPerTask);
    for (let a = 0; a < files; a += 1) addAttachmentTo(build, data.taskTable.gidOf(row), created);
    if (k > 0 && rng.chance(fill.dependencyRatio)) {
      const blocker = topLevel[Math.max(0, k - 1 - rng.int(0, Math.min(k - 1, 9)))];
      if (blocker !== undefined && blocker !== row) data.addDependency(row, blocker);
    }
  }
  return topLevel;
}

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

function sandboxHost(name: string): AsanaAttachmentHost {
  if (name.endsWith('.mp4')) return 'vimeo';
  if (name.endsWith('.pptx')) return 'gdrive';
  if (name.endsWith('.docx')) return 'onedrive';
  if (name.endsWith('.zip')) return 'dropbox';
  if (name.includes('storyboard')) return 'box';
  return 'asana';
}

function buildSandboxWorkspace(
  build: Build,
  content: SandboxWorkspace,
  peopleByName: Map<string, number>,
): void {
  const { data, rng } = build;
  const workspace = addWorkspace(build, content.name, content.domain, content.isOrganization);
  const workspaceGid = data.workspaces[workspace]?.gid ?? '';
  const teamByName = new Map<string, number>();
  for (const team of content.teams)
    teamByName.set(team.name, addTeam(build, workspace, team.name, team.description));
  for (const person of content.people) {
    let user = peopleByName.get(person.name);
    if (user === undefined) {
      user = addUser(build, person.name, content.domain, peopleByName.size === 0);
      peopleByName.set(person.name, user);
    }
    data.users[user]?.workspaceGids.push(workspaceGid);
    for (const teamName of person.teams) joinTeam(build, user, teamByName.get(teamName) ?? NO_ROW);
  }
  const tagRows = addTags(build, workspace, content.tags);
  const tagByName = new Map(content.tags.map((name, i) => [name, tagRows[i] ?? NO_ROW]));
  for (const projectContent of content.projects) {
    const team = teamByName.get(projectContent.team) ?? 0;
    const project = addProject(build, {
      workspace,
      team,
      name: projectContent.name,
      notes: projectContent.notes,
      archived: projectContent.archived === true,
      color: projectContent.color,
      icon: projectContent.icon,
      sectionNames: projectContent.sections,
    });
    const projectRow = data.projects[project];
    if (projectRow === undefined) continue;
    const people = (data.teams[team]?.memberGids ?? []).map((gid) => data.userRow(gid));
    const sections = projectRow.sectionGids.map((gid) => data.sectionRow(gid));
    const span = Math.max(ONE_DAY_MS, build.end - ONE_DAY_MS - projectRow.createdAt);
    const rows: number[] = [];
    projectContent.tasks.forEach((task, k) => {
      const created = Math.round(
        projectRow.createdAt + ((k + rng.next()) / projectContent.tasks.length) * span,
      );
      const plan: TaskPlan = {
        workspace,
        project,
        section: sections[task.section] ?? sections[0] ?? NO_ROW,
        parent: NO_ROW,
        people,
        tags: [],
        completed: task.completed === true || projectContent.archived === true,
        subtype: task.subtype === 'milestone' ? 1 : task.subtype === 'approval' ? 2 : 0,
      };
      const row = addTask(build, plan, created);
      data.taskNames.set(row, task.name);
      data.taskNotes.set(row, task.notes);
      const tags = (task.tags ?? [])
        .map((name) => tagByName.get(name) ?? NO_ROW)
        .filter((tag) => tag !== NO_ROW);
      if (tags.length > 0) {
        data.taskTags.set(row, tags);
        for (const tag of tags) data.tagTasks[tag]?.push(row);
      }
      for (const subtaskName of task.subtasks ?? []) {
        const subtaskCreated = Math.min(build.end - 60_000, created + rng.int(60_000, 2 * ONE_DAY_MS));
        const subtask = addTask(
          build,
          { ...plan, project: NO_ROW, section: NO_ROW, parent: row, subtype: 0 },
          subtaskCreated,
        );
        data.taskNames.set(subtask, subtaskName);
        data.taskNotes.set(subtask, '');
      }
      for (const fileName of task.attachments ?? []) {
        addAttachmentTo(build, data.taskTable.gidOf(row), created, fileName, sandboxHost(fileName));
      }
      rows.push(row);
    });
    projectContent.tasks.forEach((task, k) => {
      const blocker = task.dependsOn === undefined ? undefined : rows[task.dependsOn];
      const row = rows[k];
      if (blocker !== undefined && row !== undefined) data.addDependency(row, blocker);
    });
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
