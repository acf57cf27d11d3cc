import { isoTime } from './calendar';
import type {
  AsanaProjectRow,
  AsanaSectionRow,
  AsanaTagRow,
  AsanaTeamRow,
  AsanaUserRow,
  AsanaWorkspaceRow,
} from './dataset-rows';
import type { JsonRecord, RecordContext } from './record-context';

/** `{gid, resource_type, name}`: the compact shape of every named resource. */
function named(gid: string, resourceType: string, name: string): JsonRecord {
  return { gid, resource_type: resourceType, name };
}

/** Compact workspace. */
export function workspaceCompact(row: AsanaWorkspaceRow): JsonRecord {
  return named(row.gid, 'workspace', row.name);
}

/** Compact user. */
export function userCompact(row: AsanaUserRow): JsonRecord {
  return named(row.gid, 'user', row.name);
}

/** Compact team. */
export function teamCompact(row: AsanaTeamRow): JsonRecord {
  return named(row.gid, 'team', row.name);
}

/** Compact project. */
export function projectCompact(row: AsanaProjectRow): JsonRecord {
  return named(row.gid, 'project', row.name);
}

/** Compact section. */
export function sectionCompact(row: AsanaSectionRow): JsonRecord {
  return named(row.gid, 'section', row.name);
}

/** Compact tag. */
export function tagCompact(row: AsanaTagRow): JsonRecord {
  return named(row.gid, 'tag', row.name);
}

function userRefs(ctx: RecordContext, gids: readonly string[]): JsonRecord[] {
  return gids.flatMap((gid) => {
    const user = ctx.data.user(gid);
    return user === undefined ? [] : [userCompact(user)];
  });
}

function userRefOrNull(ctx: RecordContext, gid: string | null): JsonRecord | null {
  const user = gid === null ? undefined : ctx.data.user(gid);
  return user === undefined ? null : userCompact(user);
}

/** `WorkspaceResponse`. */
export function workspaceRecord(row: AsanaWorkspaceRow): JsonRecord {
  return {
    ...workspaceCompact(row),
    email_domains: [...row.emailDomains],
    is_organization: row.isOrganization,
  };
}

const PHOTO_SIZES = ['21x21', '27x27', '36x36', '60x60', '128x128', '1024x1024'] as const;

/** `UserResponse`. `custom_fields` is opt-in: workspace-level user fields are rare and costly. */
export function userRecord(ctx: RecordContext, row: AsanaUserRow, optIn: boolean): JsonRecord {
  const photo = row.photo
    ? Object.fromEntries(
        PHOTO_SIZES.map((size) => [
          `image_${size}`,
          `${ctx.downloadOrigin}/profile_photos/${row.gid}/${size}.png`,
        ]),
      )
    : null;
  return {
    ...userCompact(row),
    email: row.email,
    photo,
    workspaces: row.workspaceGids.flatMap((gid) => {
      const workspace = ctx.data.workspace(gid);
      return workspace === undefined ? [] : [workspaceCompact(workspace)];
    }),
    ...(optIn ? { custom_fields: [] } : {}),
  };
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Asana's rich-text form of plain notes. */
export function htmlBody(text: string): string {
  return `<body>${escapeHtml(text)}</body>`;
}

/** `TeamResponse`. */
export function teamRecord(ctx: RecordContext, row: AsanaTeamRow): JsonRecord {
  const workspace = ctx.data.workspace(row.workspaceGid);
  return {
    ...teamCompact(row),
    description: row.description,
    html_description: htmlBody(row.description),
    organization: workspace === undefined ? null : workspaceCompact(workspace),
    permalink_url: `${ctx.appOrigin}/1/${row.workspaceGid}/team/${row.gid}`,
    visibility: row.visibility,
    edit_team_name_or_description_access_level: 'all_team_members',
    edit_team_visibility_or_trash_team_access_level: 'only_team_admins',
    member_invite_management_access_level: 'all_team_members',
    guest_invite_management_access_level: 'only_team_admins',
    join_request_management_access_level: 'only_team_admins',
    team_member_removal_access_level: 'only_team_admins',
    team_content_management_access_level: 'no_restriction',
    endorsed: row.endorsed,
    custom_field_settings: [],
  };
}

/** `ProjectResponse`; `html_notes`, `project_brief` and `created_from_template` are opt-in. */
export function projectRecord(ctx: RecordContext, row: AsanaProjectRow, optIn: boolean): JsonRecord {
  const team = ctx.data.team(row.teamGid);
  const workspace = ctx.data.workspace(row.workspaceGid);
  return {
    ...projectCompact(row),
    archived: row.archived,
    color: row.color,
    icon: row.icon,
    created_at: isoTime(row.createdAt),
    current_status: null,
    current_status_update: null,
    custom_field_settings: [],
    default_view: row.defaultView,
    due_date: row.dueOn,
    due_on: row.dueOn,
    ...(optIn ? { html_notes: htmlBody(row.notes) } : {}),
    members: userRefs(ctx, row.memberGids),
    modified_at: isoTime(row.modifiedAt),
    notes: row.notes,
    public: row.privacySetting === 'public_to_workspace',
    privacy_setting: row.privacySetting,
    start_on: row.startOn,
    default_access_level: row.privacySetting === 'private' ? 'viewer' : 'editor',
    minimum_access_level_for_customization: 'editor',
    minimum_access_level_for_sharing: 'editor',
    custom_fields: [],
    completed: row.completed,
    completed_at: row.completedAt === null ? null : isoTime(row.completedAt),
    completed_by: userRefOrNull(ctx, row.completedByGid),
    followers: userRefs(ctx, row.followerGids),
    owner: userRefOrNull(ctx, row.ownerGid),
    team: team === undefined ? null : teamCompact(team),
    permalink_url: `${ctx.appOrigin}/1/${row.workspaceGid}/project/${row.gid}`,
    ...(optIn ? { project_brief: null, created_from_template: null } : {}),
    workspace: workspace === undefined ? null : workspaceCompact(workspace),
  };
}

/** `SectionResponse`. */
export function sectionRecord(ctx: RecordContext, row: AsanaSectionRow): JsonRecord {
  const project = ctx.data.project(row.projectGid);
  const projectRef = project === undefined ? null : projectCompact(project);
  return {
    ...sectionCompact(row),
    created_at: isoTime(row.createdAt),
    project: projectRef,
    projects: projectRef === null ? [] : [projectRef],
  };
}

/** `TagResponse`. */
export function tagRecord(ctx: RecordContext, row: AsanaTagRow): JsonRecord {
  const workspace = ctx.data.workspace(row.workspaceGid);
  return {
    ...tagCompact(row),
    color: row.color,
    notes: row.notes,
    created_at: isoTime(row.createdAt),
    followers: userRefs(ctx, row.followerGids),
    workspace: workspace === undefined ? null : workspaceCompact(workspace),
    permalink_url: `${ctx.appOrigin}/1/${row.workspaceGid}/tag/${row.gid}`,
  };
}
