import type { SeededRandom } from '../core/seeded-random';
import type { AsanaDataset } from './asana-dataset';
import { dayNumberOf, ONE_DAY_MS } from './calendar';
import type { ResolvedAsanaDatasetOptions } from './dataset-options';
import type { AsanaAttachmentHost, AsanaProjectRow, AsanaTeamRow, AsanaUserRow } from './dataset-rows';
import { NO_DAY, NO_ROW, TaskFlag } from './task-table';
import { ATTACHMENT_NAMES } from './vocabulary';

// The pieces a generated Asana account is built from: people, workspaces, teams, tags, projects,
// their sections and tasks, subtasks and attachments, each drawn from the seeded sequence.

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
export interface Build {
  data: AsanaDataset;
  rng: SeededRandom;
  options: ResolvedAsanaDatasetOptions;
  start: number;
  end: number;
}

/** Everything a new task needs besides randomness. */
export interface TaskPlan {
  workspace: number;
  project: number;
  section: number;
  parent: number;
  people: readonly number[];
  tags: readonly number[];
  completed?: boolean;
  subtype?: number;
}

export function slug(text: string): string {
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

export function addUser(build: Build, name: string, domain: string, isMe: boolean): number {
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

export function joinTeam(build: Build, user: number, team: number): void {
  const userRow = build.data.users[user];
  const teamRow = build.data.teams[team];
  if (userRow === undefined || teamRow === undefined || teamRow.memberGids.includes(userRow.gid)) return;
  teamRow.memberGids.push(userRow.gid);
  userRow.teamGids.push(teamRow.gid);
}

export function addWorkspace(build: Build, name: string, domain: string, isOrganization: boolean): number {
  return build.data.insertWorkspace({
    gid: build.data.allocateGid(),
    name,
    isOrganization,
    emailDomains: isOrganization ? [domain] : [],
    premium: build.options.premium,
  });
}

export function addTeam(build: Build, workspace: number, name: string, description: string): number {
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

export function addTags(build: Build, workspace: number, names: readonly string[]): number[] {
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

export interface ProjectPlan {
  workspace: number;
  team: number;
  name: string;
  notes: string;
  archived: boolean;
  color?: string;
  icon?: string;
  sectionNames: readonly string[];
}

export function addProject(build: Build, plan: ProjectPlan): number {
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
export function addTask(build: Build, plan: TaskPlan, createdAt: number): number {
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

export function addAttachmentTo(
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

export interface ProjectFill {
  project: number;
  tasks: number;
  subtaskRatio: number;
  attachmentsPerTask: number;
  dependencyRatio: number;
}

/** Fills a project's sections with tasks, section by section; returns the top-level task rows. */
export function fillProject(
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
