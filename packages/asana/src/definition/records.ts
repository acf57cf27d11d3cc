import * as z from 'zod';

// Records keep every field the upstream sends (`looseObject`): the seed names a subset, and a new
// upstream field must never break a caller. Where the seed types a field without null but the
// official spec marks it nullable, null is accepted as well, so real responses always parse.

/** A nested compact reference, e.g. `{gid, resource_type, name}`; only `gid` is guaranteed. */
export const CompactReference = z.looseObject({ gid: z.string() });

/** The record most `list` actions return: `gid`, `resource_type`, `name`. */
export const CommonListRecord = z.looseObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string().nullable(),
});

/** The record of task-like lists (tasks, project tasks, search, subtasks, dependencies, dependents). */
export const TaskListRecord = CommonListRecord.extend({
  resource_subtype: z.string(),
  created_by: CompactReference.nullable(),
});

/** The record of the attachments list. */
export const AttachmentListRecord = CommonListRecord.extend({
  resource_subtype: z.string(),
});

/**
 * A task as `tasks get` returns it: `gid` is guaranteed; the fields the upstream sends by default
 * are typed (optional, as the seed guarantees only `gid`), every other upstream field is kept.
 */
export const TaskRecord = z.looseObject({
  gid: z.string(),
  resource_type: z.string().optional(),
  name: z.string().optional(),
  resource_subtype: z.string().optional(),
  completed: z.boolean().optional(),
  completed_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
  modified_at: z.string().optional(),
  due_at: z.string().nullable().optional(),
  due_on: z.string().nullable().optional(),
  start_on: z.string().nullable().optional(),
  notes: z.string().optional(),
  html_notes: z.string().optional(),
  num_subtasks: z.number().optional(),
  permalink_url: z.string().optional(),
  assignee: CompactReference.nullable().optional(),
  parent: CompactReference.nullable().optional(),
  workspace: CompactReference.optional(),
  projects: z.array(CompactReference).optional(),
  tags: z.array(CompactReference).optional(),
  followers: z.array(CompactReference).optional(),
});

/** A project as `projects get` returns it. */
export const ProjectRecord = z.looseObject({
  gid: z.string(),
  archived: z.boolean(),
  color: z.string().nullable(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  current_status: z.looseObject({}).nullable(),
  current_status_update: z.looseObject({}).nullable(),
  custom_fields: z.array(z.unknown()),
  default_access_level: z.string(),
  default_view: z.string(),
  due_on: z.string().nullable(),
  due_date: z.string().nullable(),
  followers: z.array(CompactReference),
  members: z.array(CompactReference),
  minimum_access_level_for_customization: z.string(),
  minimum_access_level_for_sharing: z.string(),
  modified_at: z.string(),
  name: z.string(),
  notes: z.string(),
  owner: CompactReference.nullable(),
  permalink_url: z.string(),
  privacy_setting: z.string(),
  public: z.boolean(),
  resource_type: z.string(),
  start_on: z.string().nullable(),
  team: CompactReference.nullable(),
  workspace: CompactReference,
});

/** A workspace as `workspaces get` returns it. */
export const WorkspaceRecord = z.looseObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  email_domains: z.array(z.string()),
  is_organization: z.boolean(),
});

/** A user as `users get` returns it. */
export const UserRecord = z.looseObject({
  gid: z.string(),
  email: z.string(),
  name: z.string(),
  photo: z.looseObject({}).nullable(),
  resource_type: z.string(),
  workspaces: z.array(CompactReference),
});

/** A team as `teams get` returns it. */
export const TeamRecord = z.looseObject({
  gid: z.string(),
  name: z.string(),
  organization: CompactReference,
  permalink_url: z.string(),
  resource_type: z.string(),
});

/** An attachment as `attachments get` returns it; `download_url` is short-lived and may be null. */
export const AttachmentRecord = z.looseObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  resource_subtype: z.string(),
  created_at: z.string(),
  download_url: z.string().nullable(),
  permanent_url: z.string().nullable(),
  host: z.string(),
  parent: CompactReference.nullable(),
  view_url: z.string().nullable(),
  // The upstream sends `size` only for files it hosts itself.
  size: z.number().int().nullable().optional(),
});

/** A tag as `tags get` returns it. */
export const TagRecord = z.looseObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  created_at: z.string(),
  followers: z.array(CompactReference),
  notes: z.string(),
  permalink_url: z.string(),
  workspace: CompactReference,
});

/** A section as `sections get` returns it. */
export const SectionRecord = z.looseObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string(),
  created_at: z.string(),
  project: CompactReference,
});

/** The list record of most entities. */
export type CommonListRecord = z.output<typeof CommonListRecord>;
/** The list record of task-like entities. */
export type TaskListRecord = z.output<typeof TaskListRecord>;
/** The list record of attachments. */
export type AttachmentListRecord = z.output<typeof AttachmentListRecord>;
/** A full task. */
export type TaskRecord = z.output<typeof TaskRecord>;
/** A full project. */
export type ProjectRecord = z.output<typeof ProjectRecord>;
/** A full workspace. */
export type WorkspaceRecord = z.output<typeof WorkspaceRecord>;
/** A full user. */
export type UserRecord = z.output<typeof UserRecord>;
/** A full team. */
export type TeamRecord = z.output<typeof TeamRecord>;
/** A full attachment. */
export type AttachmentRecord = z.output<typeof AttachmentRecord>;
/** A full tag. */
export type TagRecord = z.output<typeof TagRecord>;
/** A full section. */
export type SectionRecord = z.output<typeof SectionRecord>;
