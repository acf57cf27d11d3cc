import { recordObject } from '@conduit/connector-kit';
import * as z from 'zod';

// Record schemas, named `<Thing>Schema` with the type `<Thing>` beside them (as `SearchParamsSchema`
// in @conduit/protocol). Each keeps every field the upstream sends at runtime and types only the
// declared ones (`recordObject`). Required: what the upstream always returns for the request the
// connector sends, i.e. the `opt_fields` a list asks for (plus `resource_type`, which the list
// fills in), or a get's full record without `opt_fields`. Optional: what the official spec
// (shared/specs/asana/asana_oas.yaml) marks Opt In or Conditional, or what depends on the
// token's scopes. Nullable: what the spec marks nullable.

/**
 * A nested reference that carries only `gid` for certain: the spec's `AsanaResource`
 * (`dependencies`, `dependents`), and the opt-in `created_by`, whose `resource_type` the upstream
 * adds only when asked for it.
 */
const reference = recordObject({ gid: z.string(), resource_type: z.string().optional() });

/** A nested compact record (`UserCompact`, `ProjectCompact`, `TagCompact`, …): its default fields. */
const compact = recordObject({ gid: z.string(), resource_type: z.string(), name: z.string() });

/** A nested `TaskCompact`, e.g. a task's `parent` or an attachment's. */
const taskCompact = compact.extend({ resource_subtype: z.string() });

/** A like (or heart) of a task: its gid and the user. */
const like = recordObject({ gid: z.string(), user: compact });

/** A task's place in a project: the project and the section it is in. */
const membership = recordObject({ project: compact, section: compact });

/** A custom field's value on a task or project (`CustomFieldResponse`); which value fields come depends on its type. */
const customFieldValue = recordObject({
  gid: z.string(),
  resource_type: z.string().optional(),
  name: z.string().optional(),
  type: z.string().optional(),
  resource_subtype: z.string().optional(),
  display_value: z.string().nullable().optional(),
  text_value: z.string().nullable().optional(),
  number_value: z.number().nullable().optional(),
  enum_value: compact.extend({ color: z.string().nullable().optional() }).nullable().optional(),
});

/** A status update (`StatusUpdateCompact`, or the deprecated `ProjectStatusResponse`). */
const statusUpdate = recordObject({
  gid: z.string(),
  resource_type: z.string().optional(),
  title: z.string().optional(),
  resource_subtype: z.string().optional(),
});

/**
 * The record most `list` actions return (projects, workspaces, users, teams, tags, sections):
 * `gid`, `resource_type`, `name`.
 *
 * @example
 * ```ts
 * for await (const project of asana.projects.list({ workspace: '1' })) console.log(project.name);
 * ```
 */
export const ResourceCompactSchema = recordObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string().nullable(),
});
/** The record of most lists. */
export type ResourceCompact = z.output<typeof ResourceCompactSchema>;

/**
 * The record of task lists (tasks, project tasks, workspace search, subtasks, dependencies,
 * dependents): the compact task with its opt-in `created_by`.
 *
 * @example
 * ```ts
 * const page = await asana.tasks.list({ project: '1' });
 * page.records[0]?.created_by?.gid;
 * ```
 */
export const TaskCompactSchema = ResourceCompactSchema.extend({
  resource_subtype: z.string(),
  created_by: reference.nullable(),
});
/** The record of task lists. */
export type TaskCompact = z.output<typeof TaskCompactSchema>;

/**
 * The record of the attachments list.
 *
 * @example
 * ```ts
 * const files = (await asana.attachments.list({ parent: '1' })).records;
 * ```
 */
export const AttachmentCompactSchema = ResourceCompactSchema.extend({ resource_subtype: z.string() });
/** The record of the attachments list. */
export type AttachmentCompact = z.output<typeof AttachmentCompactSchema>;

/**
 * A task as `tasks get` returns it: the spec's `TaskResponse`, with its default fields required
 * and its opt-in and conditional ones optional.
 *
 * @example
 * ```ts
 * const task: Task = await asana.tasks.get({ task_gid: '1' });
 * task.assignee?.name; // string | undefined
 * ```
 */
export const TaskSchema = recordObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  resource_subtype: z.string(),
  created_by: reference.nullable().optional(),
  approval_status: z.string().optional(),
  assignee_status: z.string(),
  assigned_by: compact.nullable().optional(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  completed_by: compact.nullable(),
  created_at: z.string(),
  dependencies: z.array(reference).optional(),
  dependents: z.array(reference).optional(),
  due_at: z.string().nullable(),
  due_on: z.string().nullable(),
  external: recordObject({ gid: z.string().optional(), data: z.string().optional() }).nullable().optional(),
  html_notes: z.string().optional(),
  hearted: z.boolean(),
  hearts: z.array(like),
  is_rendered_as_separator: z.boolean().optional(),
  liked: z.boolean(),
  likes: z.array(like),
  memberships: z.array(membership),
  modified_at: z.string(),
  notes: z.string(),
  num_hearts: z.number(),
  num_likes: z.number(),
  num_subtasks: z.number().optional(),
  start_at: z.string().nullable(),
  start_on: z.string().nullable(),
  // Sent with the `time_tracking_entries:read` scope only.
  actual_time_minutes: z.number().nullable().optional(),
  assignee: compact.nullable(),
  // Sent only when the requester is the task's assignee.
  assignee_section: compact.nullable().optional(),
  custom_fields: z.array(customFieldValue),
  custom_type: compact.nullable(),
  custom_type_status_option: compact.nullable(),
  followers: z.array(compact),
  parent: taskCompact.nullable(),
  projects: z.array(compact),
  tags: z.array(compact),
  workspace: compact,
  permalink_url: z.string(),
});
/** A full task. */
export type Task = z.output<typeof TaskSchema>;

/**
 * A project as `projects get` returns it.
 *
 * @example
 * ```ts
 * const project: Project = await asana.projects.get({ project_gid: '1' });
 * project.owner?.name;
 * ```
 */
export const ProjectSchema = recordObject({
  gid: z.string(),
  archived: z.boolean(),
  color: z.string().nullable(),
  icon: z.string().nullable().optional(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  completed_by: compact.nullable(),
  created_at: z.string(),
  current_status: statusUpdate.nullable(),
  current_status_update: statusUpdate.nullable(),
  custom_fields: z.array(customFieldValue),
  default_access_level: z.string(),
  default_view: z.string(),
  due_on: z.string().nullable(),
  due_date: z.string().nullable(),
  followers: z.array(compact),
  html_notes: z.string().optional(),
  members: z.array(compact),
  minimum_access_level_for_customization: z.string(),
  minimum_access_level_for_sharing: z.string(),
  modified_at: z.string(),
  name: z.string(),
  notes: z.string(),
  owner: compact.nullable(),
  permalink_url: z.string(),
  privacy_setting: z.string(),
  public: z.boolean(),
  resource_type: z.string(),
  start_on: z.string().nullable(),
  team: compact.nullable(),
  workspace: compact,
});
/** A full project. */
export type Project = z.output<typeof ProjectSchema>;

/**
 * A workspace as `workspaces get` returns it.
 *
 * @example
 * ```ts
 * const workspace: Workspace = await asana.workspaces.get({ workspace_gid: '1' });
 * ```
 */
export const WorkspaceSchema = recordObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  email_domains: z.array(z.string()),
  is_organization: z.boolean(),
});
/** A full workspace. */
export type Workspace = z.output<typeof WorkspaceSchema>;

/**
 * A user as `users get` returns it; `photo` holds image URLs by size (`image_128x128`, …).
 *
 * @example
 * ```ts
 * const me: User = await asana.users.get({ user_gid: 'me' });
 * me.photo?.image_128x128;
 * ```
 */
export const UserSchema = recordObject({
  gid: z.string(),
  email: z.string(),
  name: z.string(),
  photo: recordObject({
    image_21x21: z.string().optional(),
    image_27x27: z.string().optional(),
    image_36x36: z.string().optional(),
    image_60x60: z.string().optional(),
    image_128x128: z.string().optional(),
    image_1024x1024: z.string().optional(),
  }).nullable(),
  resource_type: z.string(),
  workspaces: z.array(compact),
});
/** A full user. */
export type User = z.output<typeof UserSchema>;

/**
 * A team as `teams get` returns it.
 *
 * @example
 * ```ts
 * const team: Team = await asana.teams.get({ team_gid: '1' });
 * team.organization.name;
 * ```
 */
export const TeamSchema = recordObject({
  gid: z.string(),
  name: z.string(),
  description: z.string().optional(),
  html_description: z.string().optional(),
  organization: compact,
  permalink_url: z.string(),
  resource_type: z.string(),
  visibility: z.string().optional(),
});
/** A full team. */
export type Team = z.output<typeof TeamSchema>;

/**
 * An attachment as `attachments get` returns it; `download_url` is short-lived and may be null.
 *
 * @example
 * ```ts
 * const file: Attachment = await asana.attachments.get({ attachment_gid: '1' });
 * file.parent?.name;
 * ```
 */
export const AttachmentSchema = recordObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  resource_subtype: z.string(),
  created_at: z.string(),
  download_url: z.string().nullable(),
  permanent_url: z.string().nullable(),
  host: z.string(),
  // A task, or a project (whose `resource_subtype` is null) for its key resources.
  parent: compact.extend({ resource_subtype: z.string().nullable() }).nullable(),
  view_url: z.string().nullable(),
  // The upstream sends `size` only for files it hosts itself.
  size: z.number().int().nullable().optional(),
});
/** A full attachment. */
export type Attachment = z.output<typeof AttachmentSchema>;

/**
 * A tag as `tags get` returns it.
 *
 * @example
 * ```ts
 * const tag: Tag = await asana.tags.get({ tag_gid: '1' });
 * ```
 */
export const TagSchema = recordObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  created_at: z.string(),
  followers: z.array(compact),
  notes: z.string(),
  permalink_url: z.string(),
  workspace: compact,
});
/** A full tag. */
export type Tag = z.output<typeof TagSchema>;

/**
 * A section as `sections get` returns it.
 *
 * @example
 * ```ts
 * const section: Section = await asana.sections.get({ section_gid: '1' });
 * section.project.name;
 * ```
 */
export const SectionSchema = recordObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  created_at: z.string(),
  project: compact,
  projects: z.array(compact).optional(),
});
/** A full section. */
export type Section = z.output<typeof SectionSchema>;

// The names before 0.2 (one name for a schema and its type), kept for one minor version.

/** @deprecated Use `ResourceCompactSchema` (the type: `ResourceCompact`). */
export const CommonListRecord = ResourceCompactSchema;
/** @deprecated Use `ResourceCompact`. */
export type CommonListRecord = ResourceCompact;
/** @deprecated Use `TaskCompactSchema` (the type: `TaskCompact`). */
export const TaskListRecord = TaskCompactSchema;
/** @deprecated Use `TaskCompact`. */
export type TaskListRecord = TaskCompact;
/** @deprecated Use `AttachmentCompactSchema` (the type: `AttachmentCompact`). */
export const AttachmentListRecord = AttachmentCompactSchema;
/** @deprecated Use `AttachmentCompact`. */
export type AttachmentListRecord = AttachmentCompact;
/** @deprecated Use `TaskSchema` (the type: `Task`). */
export const TaskRecord = TaskSchema;
/** @deprecated Use `Task`. */
export type TaskRecord = Task;
/** @deprecated Use `ProjectSchema` (the type: `Project`). */
export const ProjectRecord = ProjectSchema;
/** @deprecated Use `Project`. */
export type ProjectRecord = Project;
/** @deprecated Use `WorkspaceSchema` (the type: `Workspace`). */
export const WorkspaceRecord = WorkspaceSchema;
/** @deprecated Use `Workspace`. */
export type WorkspaceRecord = Workspace;
/** @deprecated Use `UserSchema` (the type: `User`). */
export const UserRecord = UserSchema;
/** @deprecated Use `User`. */
export type UserRecord = User;
/** @deprecated Use `TeamSchema` (the type: `Team`). */
export const TeamRecord = TeamSchema;
/** @deprecated Use `Team`. */
export type TeamRecord = Team;
/** @deprecated Use `AttachmentSchema` (the type: `Attachment`). */
export const AttachmentRecord = AttachmentSchema;
/** @deprecated Use `Attachment`. */
export type AttachmentRecord = Attachment;
/** @deprecated Use `TagSchema` (the type: `Tag`). */
export const TagRecord = TagSchema;
/** @deprecated Use `Tag`. */
export type TagRecord = Tag;
/** @deprecated Use `SectionSchema` (the type: `Section`). */
export const SectionRecord = SectionSchema;
/** @deprecated Use `Section`. */
export type SectionRecord = Section;
/** @deprecated A nested reference; read it from the record type instead, e.g. `Task['assignee']`. */
export const CompactReference = reference;
/** @deprecated Read a nested reference's type from the record type, e.g. `NonNullable<Task['assignee']>`. */
export type CompactReference = z.output<typeof reference>;
