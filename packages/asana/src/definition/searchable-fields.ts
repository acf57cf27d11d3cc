import { type SearchRecordShape as KitSearchRecordShape, searchRecordSchema } from '@conduit/connector-kit';
import type { SearchFieldType } from '@conduit/protocol';

// Seed 001, "Searchable fields": a field not typed there is a string.
const s = 'string';
const i = 'integer';
const b = 'boolean';
const o = 'object';
const a = 'array';

/** The fields `search` may filter, sort and project on, per searchable entity. */
export const SEARCHABLE_FIELDS = {
  tasks: {
    actual_time_minutes: i,
    approval_status: s,
    assignee: o,
    completed: b,
    completed_at: s,
    completed_by: o,
    created_at: s,
    custom_fields: a,
    dependencies: a,
    dependents: a,
    due_at: s,
    due_on: s,
    external: o,
    followers: a,
    gid: s,
    hearted: b,
    hearts: a,
    html_notes: s,
    is_rendered_as_separator: b,
    liked: b,
    likes: a,
    memberships: a,
    modified_at: s,
    name: s,
    notes: s,
    num_hearts: i,
    num_likes: i,
    num_subtasks: i,
    parent: o,
    permalink_url: s,
    projects: a,
    resource_subtype: s,
    resource_type: s,
    start_on: s,
    tags: a,
    workspace: o,
  },
  projects: {
    archived: b,
    color: s,
    created_at: s,
    current_status: o,
    custom_field_settings: a,
    custom_fields: a,
    default_view: s,
    due_date: s,
    due_on: s,
    followers: a,
    gid: s,
    html_notes: s,
    icon: s,
    members: a,
    modified_at: s,
    name: s,
    notes: s,
    owner: o,
    permalink_url: s,
    public: b,
    resource_type: s,
    start_on: s,
    team: o,
    workspace: o,
  },
  workspaces: { email_domains: a, gid: s, is_organization: b, name: s, resource_type: s },
  users: { email: s, gid: s, name: s, photo: o, resource_type: s, workspaces: a },
  teams: {
    description: s,
    gid: s,
    html_description: s,
    name: s,
    organization: o,
    permalink_url: s,
    resource_type: s,
  },
  attachments: {
    connected_to_app: b,
    created_at: s,
    gid: s,
    host: s,
    name: s,
    parent: o,
    permanent_url: s,
    resource_subtype: s,
    resource_type: s,
    size: i,
    view_url: s,
  },
  tags: { color: s, followers: a, gid: s, name: s, permalink_url: s, resource_type: s, workspace: o },
  sections: { created_at: s, gid: s, name: s, project: o, resource_type: s },
} as const satisfies Record<string, Record<string, SearchFieldType>>;

/**
 * Fields of seed 001's table that the sync cannot store, with why: a search naming one is refused
 * with that reason (400 `invalid_query`) instead of matching nothing, and `conduit describe` and
 * the docs say so.
 *
 * @example
 * ```ts
 * UNSEARCHABLE_FIELDS.attachments.download_url; // 'a short-lived signed URL …'
 * ```
 */
export const UNSEARCHABLE_FIELDS = {
  projects: {
    is_template:
      "Asana's project record has no such field (the official spec's ProjectResponse and its opt_fields leave it out; templates are a separate resource), so the sync has nothing to store",
  },
  attachments: {
    download_url:
      'a short-lived signed URL (a bearer credential for the file while it lives), never stored by the sync; use the download action, which asks Asana for a fresh one',
  },
} as const satisfies Partial<Record<string, Record<string, string>>>;

/** An entity that offers `search`. */
export type SearchableEntity = keyof typeof SEARCHABLE_FIELDS;

/** The searchable entities, in the order a sync walks them. */
export const SEARCHABLE_ENTITIES = Object.keys(SEARCHABLE_FIELDS) as SearchableEntity[];

/** The `data` of a search hit of an entity: its searchable fields, each optional (a projection may leave it out) and nullable. */
export type SearchRecordShape<Entity extends SearchableEntity> = KitSearchRecordShape<
  (typeof SEARCHABLE_FIELDS)[Entity]
>;

/**
 * The record of an entity's `search` hits, from its searchable fields: the typed client gives
 * `hit.data.name` as `string | null | undefined` instead of `unknown`, and a field that is not
 * searchable does not compile; other fields are kept at runtime.
 *
 * @example
 * ```ts
 * searchRecord('tasks').parse({ name: 'Launch', completed: false });
 * ```
 */
export function searchRecord<Entity extends SearchableEntity>(entity: Entity) {
  return searchRecordSchema(SEARCHABLE_FIELDS[entity]);
}
