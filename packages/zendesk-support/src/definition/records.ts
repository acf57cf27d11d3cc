import * as z from 'zod';

// Record shapes of the Zendesk Support API, from the reference's field table
// (shared/reference/support-desk-upstream.md §2.2) and the official spec. Loose objects: the
// upstream adds fields over time, and a loose shape keeps them. Fields the API may send as null
// are nullable even where the spec forgets to say so.

const id = z.number().int();
const nullableId = id.nullable();
const timestamp = z.string().describe('ISO 8601 UTC, second precision');
const nullableString = z.string().nullable();
const via = z.looseObject({ channel: z.union([z.string(), z.number()]) });

/**
 * A ticket (`GET /tickets`, `/tickets/{id}`, and the incremental export, where `status` may be `deleted`).
 *
 * @example
 * ```ts
 * const ticket: Ticket = await zendesk.tickets.get({ ticket_id: 12 });
 * ```
 */
export const TicketRecord = z.looseObject({
  id,
  url: z.string(),
  external_id: nullableString,
  type: z.enum(['problem', 'incident', 'question', 'task']).nullable(),
  subject: nullableString,
  raw_subject: nullableString.optional(),
  description: nullableString.optional(),
  priority: z.enum(['urgent', 'high', 'normal', 'low']).nullable(),
  status: z.string().describe('new, open, pending, hold, solved, closed (deleted in exports)'),
  recipient: nullableString.optional(),
  requester_id: id,
  submitter_id: nullableId.optional(),
  assignee_id: nullableId,
  organization_id: nullableId,
  group_id: nullableId,
  collaborator_ids: z.array(id).optional(),
  follower_ids: z.array(id).optional(),
  email_cc_ids: z.array(id).optional(),
  problem_id: nullableId.optional(),
  has_incidents: z.boolean().optional(),
  is_public: z.boolean().optional(),
  due_at: nullableString.optional(),
  tags: z.array(z.string()),
  custom_fields: z.array(z.looseObject({ id, value: z.unknown() })).optional(),
  satisfaction_rating: z.looseObject({}).nullable().optional(),
  ticket_form_id: nullableId.optional(),
  brand_id: nullableId.optional(),
  generated_timestamp: z.number().int().optional(),
  via: via.optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Ticket = z.output<typeof TicketRecord>;

/**
 * A file attached to a comment; `content_url` is where `attachments.download` reads it from.
 *
 * @example
 * ```ts
 * const file: Attachment = await zendesk.attachments.get({ attachment_id: 498483 });
 * ```
 */
export const AttachmentRecord = z.looseObject({
  id,
  url: z.string().optional(),
  file_name: z.string(),
  content_url: z.string(),
  mapped_content_url: z.string().optional(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.union([z.string(), z.number()]).nullable().optional(),
  height: z.union([z.string(), z.number()]).nullable().optional(),
  inline: z.boolean().optional(),
  deleted: z.boolean().optional(),
  malware_scan_result: z.string().optional(),
  thumbnails: z.array(z.looseObject({})).optional(),
});
export type Attachment = z.output<typeof AttachmentRecord>;

/**
 * A ticket comment.
 *
 * @example
 * ```ts
 * for await (const comment of zendesk.ticket_comments.list({ ticket_id: 12 })) console.log(comment.body);
 * ```
 */
export const CommentRecord = z.looseObject({
  id,
  type: z.string(),
  body: z.string(),
  html_body: z.string().optional(),
  plain_body: z.string().optional(),
  public: z.boolean(),
  author_id: id,
  attachments: z.array(AttachmentRecord),
  audit_id: id.optional(),
  via: via.optional(),
  metadata: z.looseObject({}).optional(),
  created_at: timestamp,
});
export type TicketComment = z.output<typeof CommentRecord>;

/**
 * A user of any role (`end-user`, `agent`, `admin`).
 *
 * @example
 * ```ts
 * const agents = (await zendesk.users.list({ role: 'agent' })).records;
 * ```
 */
export const UserRecord = z.looseObject({
  id,
  url: z.string(),
  name: z.string(),
  email: nullableString,
  role: z.string(),
  organization_id: nullableId,
  phone: nullableString.optional(),
  time_zone: z.string().optional(),
  locale: z.string().optional(),
  tags: z.array(z.string()).optional(),
  active: z.boolean(),
  verified: z.boolean().optional(),
  suspended: z.boolean().optional(),
  default_group_id: nullableId.optional(),
  external_id: nullableString.optional(),
  last_login_at: nullableString.optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type User = z.output<typeof UserRecord>;

/**
 * A customer organization.
 *
 * @example
 * ```ts
 * const org = await zendesk.organizations.get({ organization_id: 362000000003 });
 * ```
 */
export const OrganizationRecord = z.looseObject({
  id,
  url: z.string(),
  name: z.string(),
  domain_names: z.array(z.string()),
  details: nullableString,
  notes: nullableString.optional(),
  group_id: nullableId,
  external_id: nullableString.optional(),
  tags: z.array(z.string()),
  shared_tickets: z.boolean().optional(),
  shared_comments: z.boolean().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Organization = z.output<typeof OrganizationRecord>;

/**
 * An agent group.
 *
 * @example
 * ```ts
 * const groups = (await zendesk.groups.list()).records;
 * ```
 */
export const GroupRecord = z.looseObject({
  id,
  url: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  default: z.boolean(),
  deleted: z.boolean(),
  is_public: z.boolean().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Group = z.output<typeof GroupRecord>;

/**
 * An audit: the events one update of a ticket produced.
 *
 * @example
 * ```ts
 * const audits = (await zendesk.ticket_audits.list({ ticket_id: 12 })).records;
 * ```
 */
export const AuditRecord = z.looseObject({
  id,
  ticket_id: id,
  author_id: id,
  metadata: z.looseObject({}).optional(),
  via: via.optional(),
  events: z.array(z.looseObject({ id: id.optional(), type: z.string() })),
  created_at: timestamp,
});
export type TicketAudit = z.output<typeof AuditRecord>;

const minutes = z.looseObject({
  calendar: z.number().nullable().optional(),
  business: z.number().nullable().optional(),
});

/**
 * The metric set of a ticket (reply and resolution times, reopens, stations).
 *
 * @example
 * ```ts
 * const metric = await zendesk.ticket_metrics.get({ ticket_metric_id: 12 });
 * ```
 */
export const TicketMetricRecord = z.looseObject({
  id,
  ticket_id: id,
  url: z.string().optional(),
  group_stations: z.number().int().nullable().optional(),
  assignee_stations: z.number().int().nullable().optional(),
  reopens: z.number().int().nullable().optional(),
  replies: z.number().int().nullable().optional(),
  solved_at: nullableString.optional(),
  reply_time_in_minutes: minutes.optional(),
  first_resolution_time_in_minutes: minutes.optional(),
  full_resolution_time_in_minutes: minutes.optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type TicketMetric = z.output<typeof TicketMetricRecord>;

/**
 * A ticket field, system or custom.
 *
 * @example
 * ```ts
 * const fields = (await zendesk.ticket_fields.list()).records;
 * ```
 */
export const TicketFieldRecord = z.looseObject({
  id,
  url: z.string().optional(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable().optional(),
  position: z.number().int().optional(),
  active: z.boolean().optional(),
  required: z.boolean().optional(),
  custom_field_options: z
    .array(z.looseObject({ id: id.optional(), name: z.string(), value: z.string() }))
    .optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type TicketField = z.output<typeof TicketFieldRecord>;

/**
 * A ticket form: which fields a ticket of that kind shows.
 *
 * @example
 * ```ts
 * const forms = (await zendesk.ticket_forms.list({ active: true })).records;
 * ```
 */
export const TicketFormRecord = z.looseObject({
  id,
  url: z.string().optional(),
  name: z.string(),
  display_name: z.string().optional(),
  position: z.number().int().optional(),
  active: z.boolean().optional(),
  default: z.boolean().optional(),
  end_user_visible: z.boolean().optional(),
  ticket_field_ids: z.array(id).optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type TicketForm = z.output<typeof TicketFormRecord>;

/**
 * A brand of the account.
 *
 * @example
 * ```ts
 * const brand = await zendesk.brands.get({ brand_id: 364000000001 });
 * ```
 */
export const BrandRecord = z.looseObject({
  id,
  url: z.string().optional(),
  name: z.string(),
  subdomain: z.string(),
  brand_url: z.string().optional(),
  host_mapping: nullableString.optional(),
  active: z.boolean().optional(),
  default: z.boolean().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type Brand = z.output<typeof BrandRecord>;

/**
 * A tag with the number of recent tickets carrying it.
 *
 * @example
 * ```ts
 * const top = (await zendesk.tags.list({ limit: 10 })).records;
 * ```
 */
export const TagRecord = z.looseObject({ name: z.string(), count: z.number().int() });
export type Tag = z.output<typeof TagRecord>;

/**
 * A customer satisfaction rating of a solved ticket.
 *
 * @example
 * ```ts
 * const bad = (await zendesk.satisfaction_ratings.list({ score: 'bad' })).records;
 * ```
 */
export const SatisfactionRatingRecord = z.looseObject({
  id,
  url: z.string().optional(),
  ticket_id: id,
  requester_id: nullableId,
  assignee_id: nullableId,
  group_id: nullableId,
  score: z.string(),
  comment: nullableString.optional(),
  reason: nullableString.optional(),
  created_at: timestamp,
  updated_at: timestamp.optional(),
});
export type SatisfactionRating = z.output<typeof SatisfactionRatingRecord>;

/**
 * An agent's membership of a group.
 *
 * @example
 * ```ts
 * const memberships = (await zendesk.group_memberships.list()).records;
 * ```
 */
export const GroupMembershipRecord = z.looseObject({
  id,
  user_id: id,
  group_id: id,
  default: z.boolean().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type GroupMembership = z.output<typeof GroupMembershipRecord>;

/**
 * A user's membership of an organization.
 *
 * @example
 * ```ts
 * const memberships = (await zendesk.organization_memberships.list()).records;
 * ```
 */
export const OrganizationMembershipRecord = z.looseObject({
  id,
  user_id: id,
  organization_id: id,
  organization_name: nullableString.optional(),
  default: z.boolean().nullable(),
  view_tickets: z.boolean().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type OrganizationMembership = z.output<typeof OrganizationMembershipRecord>;

const business = {
  id,
  url: z.string().optional(),
  title: z.string(),
  active: z.boolean().optional(),
  position: z.number().int().optional(),
  description: nullableString.optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
};

/**
 * A view (a saved ticket list).
 *
 * @example
 * ```ts
 * const views = (await zendesk.views.list({ active: true })).records;
 * ```
 */
export const ViewRecord = z.looseObject({
  ...business,
  conditions: z.looseObject({}).optional(),
  execution: z.looseObject({}).optional(),
});
export type View = z.output<typeof ViewRecord>;

/**
 * A macro (a set of ticket changes an agent applies at once).
 *
 * @example
 * ```ts
 * const macro = await zendesk.macros.get({ macro_id: 368000000001 });
 * ```
 */
export const MacroRecord = z.looseObject({
  ...business,
  actions: z.array(z.looseObject({ field: z.string() })),
});
export type Macro = z.output<typeof MacroRecord>;

/**
 * A service level agreement policy.
 *
 * @example
 * ```ts
 * const policies = (await zendesk.sla_policies.list()).records;
 * ```
 */
export const SlaPolicyRecord = z.looseObject({
  ...business,
  filter: z.looseObject({}),
  policy_metrics: z
    .array(z.looseObject({ priority: z.string(), metric: z.string(), target: z.number() }))
    .optional(),
});
export type SlaPolicy = z.output<typeof SlaPolicyRecord>;
