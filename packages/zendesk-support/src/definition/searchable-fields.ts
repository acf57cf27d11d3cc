import type { SearchFieldType } from '@conduit/protocol';

const s = 'string';
const i = 'integer';
const b = 'boolean';
const a = 'array';
const o = 'object';

/**
 * Fields `search` filters and sorts on, per synced entity (issue 14's interface points: status,
 * priority, requester_id, assignee_id, organization_id, tags, subject and the timestamps on
 * tickets, among others). Timestamps are ISO strings, compared in order.
 *
 * @example
 * ```ts
 * SEARCHABLE_FIELDS.tickets.status; // 'string'
 * ```
 */
export const SEARCHABLE_FIELDS = {
  tickets: {
    id: i,
    subject: s,
    description: s,
    status: s,
    priority: s,
    type: s,
    requester_id: i,
    submitter_id: i,
    assignee_id: i,
    organization_id: i,
    group_id: i,
    brand_id: i,
    ticket_form_id: i,
    external_id: s,
    tags: a,
    via: o,
    is_public: b,
    due_at: s,
    created_at: s,
    updated_at: s,
  },
  users: {
    id: i,
    name: s,
    email: s,
    role: s,
    organization_id: i,
    phone: s,
    time_zone: s,
    locale: s,
    tags: a,
    active: b,
    suspended: b,
    verified: b,
    default_group_id: i,
    external_id: s,
    last_login_at: s,
    created_at: s,
    updated_at: s,
  },
  organizations: {
    id: i,
    name: s,
    details: s,
    notes: s,
    domain_names: a,
    group_id: i,
    external_id: s,
    tags: a,
    created_at: s,
    updated_at: s,
  },
  groups: {
    id: i,
    name: s,
    description: s,
    default: b,
    deleted: b,
    is_public: b,
    created_at: s,
    updated_at: s,
  },
} as const satisfies Record<string, Record<string, SearchFieldType>>;

/**
 * The entities the hosted service syncs (and so the ones with `search`).
 *
 * @example
 * ```ts
 * SEARCHABLE_ENTITIES; // ['tickets', 'users', 'organizations', 'groups']
 * ```
 */
export const SEARCHABLE_ENTITIES = Object.keys(SEARCHABLE_FIELDS) as SearchableEntity[];
export type SearchableEntity = keyof typeof SEARCHABLE_FIELDS;
