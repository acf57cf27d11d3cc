import { type ApiContext, listItem, pathGid, single } from './api-context';
import { AsanaHttpError, missingInput, notRecognized } from './asana-http-error';
import { attachmentCompact, attachmentRecord } from './attachment-records';
import type { AsanaProjectRow, AsanaUserRow } from './dataset-rows';
import { arraySource } from './list-source';
import { paginate, unpaginated } from './paginate';
import type { JsonRecord } from './record-context';
import {
  projectCompact,
  projectRecord,
  sectionCompact,
  sectionRecord,
  tagCompact,
  tagRecord,
  teamCompact,
  teamRecord,
  userCompact,
  userRecord,
  workspaceCompact,
  workspaceRecord,
} from './resource-records';
import { resolveUser } from './task-endpoints';
import { NO_ROW } from './task-table';

function optionalQueryGid(
  ctx: ApiContext,
  name: string,
  exists: (gid: string) => boolean,
): string | undefined {
  const value = ctx.query.get(name);
  if (value === null || value === '') return undefined;
  if (!/^\d+$/.test(value) || !exists(value)) throw notRecognized(name, value);
  return value;
}

/** `archived=true|false`, or undefined when absent. */
function archivedFilter(ctx: ApiContext): boolean | undefined {
  const value = ctx.query.get('archived');
  if (value === null || value === '') return undefined;
  if (value !== 'true' && value !== 'false') {
    throw new AsanaHttpError(400, `archived: Not a boolean: ${value}`);
  }
  return value === 'true';
}

function projectPage(ctx: ApiContext, keep: (project: AsanaProjectRow) => boolean): JsonRecord {
  const archived = archivedFilter(ctx);
  return paginate(
    ctx.list,
    arraySource(ctx.data.projects, (project) =>
      keep(project) && (archived === undefined || project.archived === archived) ? project : undefined,
    ),
    (project) =>
      listItem(
        ctx,
        () => projectCompact(project),
        () => projectRecord(ctx.records, project, true),
      ),
  );
}

function userItem(ctx: ApiContext, user: AsanaUserRow): JsonRecord {
  return listItem(
    ctx,
    () => userCompact(user),
    () => userRecord(ctx.records, user, true),
  );
}

function byName(left: AsanaUserRow, right: AsanaUserRow): number {
  return left.name.localeCompare(right.name, 'en') || left.gid.localeCompare(right.gid);
}

function byGid(left: AsanaUserRow, right: AsanaUserRow): number {
  return left.gid.length - right.gid.length || (left.gid < right.gid ? -1 : left.gid > right.gid ? 1 : 0);
}

function workspaceFromPath(ctx: ApiContext): string {
  const gid = pathGid(ctx, 'workspace_gid', 'workspace');
  if (ctx.data.workspace(gid) === undefined) throw notRecognized('workspace', gid);
  return gid;
}

function teamFromPath(ctx: ApiContext) {
  const gid = pathGid(ctx, 'team_gid', 'team');
  const team = ctx.data.team(gid);
  if (team === undefined) throw notRecognized('team', gid);
  return team;
}

// ---- workspaces ---------------------------------------------------------------------------------

/** `GET /workspaces`. */
export function getWorkspaces(ctx: ApiContext): JsonRecord {
  const me = ctx.data.me;
  return paginate(
    ctx.list,
    arraySource(ctx.data.workspaces, (workspace) =>
      me.workspaceGids.includes(workspace.gid) ? workspace : undefined,
    ),
    (workspace) =>
      listItem(
        ctx,
        () => workspaceCompact(workspace),
        () => workspaceRecord(workspace),
      ),
  );
}

/** `GET /workspaces/{workspace_gid}`. */
export function getWorkspace(ctx: ApiContext): JsonRecord {
  const workspace = ctx.data.workspace(workspaceFromPath(ctx));
  if (workspace === undefined) throw notRecognized('workspace', ctx.params.workspace_gid ?? '');
  return single(ctx, () => workspaceRecord(workspace));
}

/** `GET /workspaces/{workspace_gid}/projects`. */
export function getWorkspaceProjects(ctx: ApiContext): JsonRecord {
  const workspace = workspaceFromPath(ctx);
  return projectPage(ctx, (project) => project.workspaceGid === workspace);
}

/** `GET /workspaces/{workspace_gid}/teams`. */
export function getWorkspaceTeams(ctx: ApiContext): JsonRecord {
  const workspace = workspaceFromPath(ctx);
  return paginate(
    ctx.list,
    arraySource(ctx.data.teams, (team) => (team.workspaceGid === workspace ? team : undefined)),
    (team) =>
      listItem(
        ctx,
        () => teamCompact(team),
        () => teamRecord(ctx.records, team),
      ),
  );
}

/** `GET /workspaces/{workspace_gid}/tags` (and `GET /tags?workspace=`). */
export function getWorkspaceTags(ctx: ApiContext): JsonRecord {
  const workspace = workspaceFromPath(ctx);
  return paginate(
    ctx.list,
    arraySource(ctx.data.tags, (tag) => (tag.workspaceGid === workspace ? tag : undefined)),
    (tag) =>
      listItem(
        ctx,
        () => tagCompact(tag),
        () => tagRecord(ctx.records, tag),
      ),
  );
}

/** `GET /workspaces/{workspace_gid}/users`: alphabetical, no `limit`, no `next_page`, capped. */
export function getWorkspaceUsers(ctx: ApiContext): JsonRecord {
  const workspace = workspaceFromPath(ctx);
  const users = ctx.data.users.filter((user) => user.workspaceGids.includes(workspace)).sort(byName);
  return unpaginated(
    arraySource(users, (user) => user),
    ctx.settings.userListCap,
    (user) => userItem(ctx, user),
  );
}

// ---- projects and sections ----------------------------------------------------------------------

/** `GET /projects` (`workspace`, `team`, `archived`). */
export function getProjects(ctx: ApiContext): JsonRecord {
  const workspace = optionalQueryGid(ctx, 'workspace', (gid) => ctx.data.workspace(gid) !== undefined);
  const team = optionalQueryGid(ctx, 'team', (gid) => ctx.data.team(gid) !== undefined);
  return projectPage(
    ctx,
    (project) =>
      (workspace === undefined || project.workspaceGid === workspace) &&
      (team === undefined || project.teamGid === team),
  );
}

function projectFromPath(ctx: ApiContext): AsanaProjectRow {
  const gid = pathGid(ctx, 'project_gid', 'project');
  const project = ctx.data.project(gid);
  if (project === undefined) throw notRecognized('project', gid);
  return project;
}

/** `GET /projects/{project_gid}`. */
export function getProject(ctx: ApiContext): JsonRecord {
  const project = projectFromPath(ctx);
  return single(ctx, (optIn) => projectRecord(ctx.records, project, optIn));
}

/** `GET /projects/{project_gid}/sections`. */
export function getProjectSections(ctx: ApiContext): JsonRecord {
  const project = projectFromPath(ctx);
  return paginate(
    ctx.list,
    arraySource(project.sectionGids, (gid) => ctx.data.section(gid)),
    (section) =>
      listItem(
        ctx,
        () => sectionCompact(section),
        () => sectionRecord(ctx.records, section),
      ),
  );
}

/** `GET /sections/{section_gid}`. */
export function getSection(ctx: ApiContext): JsonRecord {
  const gid = pathGid(ctx, 'section_gid', 'section');
  const section = ctx.data.section(gid);
  if (section === undefined) throw notRecognized('section', gid);
  return single(ctx, () => sectionRecord(ctx.records, section));
}

// ---- teams ------------------------------------------------------------------------------------------

/** `GET /teams/{team_gid}`. */
export function getTeam(ctx: ApiContext): JsonRecord {
  const team = teamFromPath(ctx);
  return single(ctx, () => teamRecord(ctx.records, team));
}

/** `GET /teams/{team_gid}/projects`. */
export function getTeamProjects(ctx: ApiContext): JsonRecord {
  const team = teamFromPath(ctx);
  return projectPage(ctx, (project) => project.teamGid === team.gid);
}

/** `GET /teams/{team_gid}/users`: alphabetical, no `limit`, no `next_page`, capped. */
export function getTeamUsers(ctx: ApiContext): JsonRecord {
  const team = teamFromPath(ctx);
  const users = team.memberGids.flatMap((gid) => ctx.data.user(gid) ?? []).sort(byName);
  return unpaginated(
    arraySource(users, (user) => user),
    ctx.settings.userListCap,
    (user) => userItem(ctx, user),
  );
}

// ---- users --------------------------------------------------------------------------------------------

/** `GET /users` (`workspace`, `team`), sorted by gid. */
export function getUsers(ctx: ApiContext): JsonRecord {
  const workspace = optionalQueryGid(ctx, 'workspace', (gid) => ctx.data.workspace(gid) !== undefined);
  const teamGid = optionalQueryGid(ctx, 'team', (gid) => ctx.data.team(gid) !== undefined);
  const team = teamGid === undefined ? undefined : ctx.data.team(teamGid);
  const visible = new Set(ctx.data.me.workspaceGids);
  const users = ctx.data.users
    .filter(
      (user) =>
        user.workspaceGids.some((gid) => visible.has(gid)) &&
        (workspace === undefined || user.workspaceGids.includes(workspace)) &&
        (team === undefined || team.memberGids.includes(user.gid)),
    )
    .sort(byGid);
  return paginate(
    ctx.list,
    arraySource(users, (user) => user),
    (user) => userItem(ctx, user),
  );
}

/** `GET /users/{user_gid}`: `me`, an email address, or a gid. */
export function getUser(ctx: ApiContext): JsonRecord {
  const key = ctx.params.user_gid ?? '';
  const user = ctx.data.users[resolveUser(ctx, key, 'user')];
  if (user === undefined) throw notRecognized('user', key);
  return single(ctx, (optIn) => userRecord(ctx.records, user, optIn));
}

/** `GET /users/{user_gid}/teams?organization=` (the organization is required). */
export function getUserTeams(ctx: ApiContext): JsonRecord {
  const key = ctx.params.user_gid ?? '';
  const user = ctx.data.users[resolveUser(ctx, key, 'user')];
  if (user === undefined) throw notRecognized('user', key);
  const organization = ctx.query.get('organization');
  if (organization === null || organization === '') throw missingInput('organization');
  if (!/^\d+$/.test(organization) || ctx.data.workspace(organization) === undefined) {
    throw notRecognized('organization', organization);
  }
  return paginate(
    ctx.list,
    arraySource(ctx.data.teams, (team) =>
      team.workspaceGid === organization && team.memberGids.includes(user.gid) ? team : undefined,
    ),
    (team) =>
      listItem(
        ctx,
        () => teamCompact(team),
        () => teamRecord(ctx.records, team),
      ),
  );
}

// ---- tags ---------------------------------------------------------------------------------------------

/** `GET /tags/{tag_gid}`. */
export function getTag(ctx: ApiContext): JsonRecord {
  const gid = pathGid(ctx, 'tag_gid', 'tag');
  const tag = ctx.data.tag(gid);
  if (tag === undefined) throw notRecognized('tag', gid);
  return single(ctx, () => tagRecord(ctx.records, tag));
}

// ---- attachments --------------------------------------------------------------------------------------

/** `GET /attachments?parent=` (a task or project gid; required). */
export function getAttachments(ctx: ApiContext): JsonRecord {
  const parent = ctx.query.get('parent');
  if (parent === null || parent === '') throw missingInput('parent');
  const isTask = /^\d+$/.test(parent) && ctx.data.taskRow(parent) !== NO_ROW;
  const isProject = /^\d+$/.test(parent) && ctx.data.project(parent) !== undefined;
  if (!isTask && !isProject) throw notRecognized('parent', parent);
  return paginate(
    ctx.list,
    arraySource(ctx.data.attachmentsByParent.get(parent) ?? [], (row) => ctx.data.attachments[row]),
    (attachment) =>
      listItem(
        ctx,
        () => attachmentCompact(attachment),
        () => attachmentRecord(ctx.records, attachment),
      ),
  );
}

/** `GET /attachments/{attachment_gid}`: a fresh, short-lived `download_url` on every read. */
export function getAttachment(ctx: ApiContext): JsonRecord {
  const gid = pathGid(ctx, 'attachment_gid', 'attachment');
  const attachment = ctx.data.attachment(gid);
  const parentAlive =
    attachment !== undefined &&
    (attachment.parentType === 'project' || ctx.data.taskRow(attachment.parentGid) !== NO_ROW);
  if (attachment === undefined || !parentAlive) throw notRecognized('attachment', gid);
  return single(ctx, () => attachmentRecord(ctx.records, attachment));
}
