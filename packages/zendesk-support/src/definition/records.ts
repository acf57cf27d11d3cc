import { recordObject } from '@conduit/connector-kit';
import * as z from 'zod';

// Record shapes of the Zendesk Support API, from the reference's field table
// (shared/reference/support-desk-upstream.md §2.2) and the official spec
// (shared/specs/zendesk/ticketing.yaml). Named `<Thing>Schema`, with the type `<Thing>` beside it.
// Zendesk takes no field list: a record has the fields the reference says every answer carries
// (required) and those it sends only for some accounts, features or endpoints (optional). Each
// schema is a `recordObject`: the upstream adds fields over time, and every one is kept at
// runtime, while the type declares only these. Fields the API may send as null are nullable even
// where the spec forgets to say so.

const id = z.number().int();
const nullableId = id.nullable();
const timestamp = z.string().describe('ISO 8601 UTC, second precision');
const nullableString = z.string().nullable();
/** A party of a `via.source` (`from` / `to`): whichever of these the channel gives. */
const viaParty = recordObject({
  id: nullableId.optional(),
  name: nullableString.optional(),
  address: nullableString.optional(),
  title: nullableString.optional(),
});

/** How a ticket, comment or audit came about; audits may give `channel` as a number. */
const via = recordObject({
  channel: z.union([z.string(), z.number()]),
  source: recordObject({
    from: viaParty.optional(),
    to: viaParty.optional(),
    rel: nullableString.optional(),
  }).optional(),
});

/** A custom field's value: text, number, checkbox, date (a string), multi-select (strings), or none. */
const customFieldValue = recordObject({
  id,
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
});

/** An audit's or comment's `metadata`: the `system` facts of the request and the API caller's `custom` ones. */
const metadata = recordObject({
  system: recordObject({
    client: z.string().optional(),
    ip_address: nullableString.optional(),
    location: nullableString.optional(),
    latitude: z.number().nullable().optional(),
    longitude: z.number().nullable().optional(),
  }).optional(),
  custom: z.record(z.string(), z.unknown()).optional(),
});

/** One condition of a view's, SLA policy's or trigger's `all` / `any` list. */
const condition = recordObject({ field: z.string(), operator: z.string(), value: z.unknown() });
const conditions = recordObject({ all: z.array(condition).optional(), any: z.array(condition).optional() });

/**
 * A ticket (`GET /tickets`, `/tickets/{id}`, and the incremental export, where `status` may be `deleted`).
 *
 * @example
 * ```ts
 * const ticket: Ticket = await zendesk.tickets.get({ ticket_id: 12 });
 * ```
 */
export const TicketSchema = recordObject({
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
  custom_fields: z.array(customFieldValue).optional(),
  satisfaction_rating: recordObject({
    id: nullableId.optional(),
    score: z.string(),
    comment: nullableString.optional(),
    reason: nullableString.optional(),
  })
    .nullable()
    .optional(),
  ticket_form_id: nullableId.optional(),
  brand_id: nullableId.optional(),
  generated_timestamp: z.number().int().optional(),
  via: via.optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Ticket = z.output<typeof TicketSchema>;

/**
 * A file attached to a comment; `content_url` is where `attachments.download` reads it from.
 *
 * @example
 * ```ts
 * const file: Attachment = await zendesk.attachments.get({ attachment_id: 498483 });
 * ```
 */
export const AttachmentSchema = recordObject({
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
  thumbnails: z
    .array(recordObject({ id, file_name: z.string(), content_url: z.string(), content_type: z.string() }))
    .optional(),
});
export type Attachment = z.output<typeof AttachmentSchema>;

/**
 * A ticket comment.
 *
 * @example
 * ```ts
 * for await (const comment of zendesk.ticket_comments.list({ ticket_id: 12 })) console.log(comment.body);
 * ```
 */
export const TicketCommentSchema = recordObject({
  id,
  type: z.string(),
  body: z.string(),
  html_body: z.string().optional(),
  plain_body: z.string().optional(),
  public: z.boolean(),
  author_id: id,
  attachments: z.array(AttachmentSchema),
  audit_id: id.optional(),
  via: via.optional(),
  metadata: metadata.optional(),
  created_at: timestamp,
});
export type TicketComment = z.output<typeof TicketCommentSchema>;

/**
 * A user of any role (`end-user`, `agent`, `admin`).
 *
 * @example
 * ```ts
 * const agents = (await zendesk.users.list({ role: 'agent' })).records;
 * ```
 */
export const UserSchema = recordObject({
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
export type User = z.output<typeof UserSchema>;

/**
 * A customer organization.
 *
 * @example
 * ```ts
 * const org = await zendesk.organizations.get({ organization_id: 362000000003 });
 * ```
 */
export const OrganizationSchema = recordObject({
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
export type Organization = z.output<typeof OrganizationSchema>;

/**
 * An agent group.
 *
 * @example
 * ```ts
 * const groups = (await zendesk.groups.list()).records;
 * ```
 */
export const GroupSchema = recordObject({
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
export type Group = z.output<typeof GroupSchema>;

/**
 * An audit: the events one update of a ticket produced.
 *
 * @example
 * ```ts
 * const audits = (await zendesk.ticket_audits.list({ ticket_id: 12 })).records;
 * ```
 */
export const TicketAuditSchema = recordObject({
  id,
  ticket_id: id,
  author_id: id,
  metadata: metadata.optional(),
  via: via.optional(),
  // Events differ by `type` (Create, Change, Comment, Notification, …); these are common to all.
  events: z.array(
    recordObject({
      id: id.optional(),
      type: z.string(),
      field_name: z.string().optional(),
      // Absent on events that carry no value (Comment, Notification, …).
      value: z.unknown().optional(),
      previous_value: z.unknown().optional(),
    }),
  ),
  created_at: timestamp,
});
export type TicketAudit = z.output<typeof TicketAuditSchema>;

const minutes = recordObject({
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
export const TicketMetricSchema = recordObject({
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
export type TicketMetric = z.output<typeof TicketMetricSchema>;

/**
 * A ticket field, system or custom.
 *
 * @example
 * ```ts
 * const fields = (await zendesk.ticket_fields.list()).records;
 * ```
 */
export const TicketFieldSchema = recordObject({
  id,
  url: z.string().optional(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable().optional(),
  position: z.number().int().optional(),
  active: z.boolean().optional(),
  required: z.boolean().optional(),
  custom_field_options: z
    .array(recordObject({ id: id.optional(), name: z.string(), value: z.string() }))
    .optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type TicketField = z.output<typeof TicketFieldSchema>;

/**
 * A ticket form: which fields a ticket of that kind shows.
 *
 * @example
 * ```ts
 * const forms = (await zendesk.ticket_forms.list({ active: true })).records;
 * ```
 */
export const TicketFormSchema = recordObject({
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
export type TicketForm = z.output<typeof TicketFormSchema>;

/**
 * A brand of the account.
 *
 * @example
 * ```ts
 * const brand = await zendesk.brands.get({ brand_id: 364000000001 });
 * ```
 */
export const BrandSchema = recordObject({
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
export type Brand = z.output<typeof BrandSchema>;

/**
 * A tag with the number of recent tickets carrying it.
 *
 * @example
 * ```ts
 * const top = (await zendesk.tags.list({ limit: 10 })).records;
 * ```
 */
export const TagSchema = recordObject({ name: z.string(), count: z.number().int() });
export type Tag = z.output<typeof TagSchema>;

/**
 * A customer satisfaction rating of a solved ticket.
 *
 * @example
 * ```ts
 * const bad = (await zendesk.satisfaction_ratings.list({ score: 'bad' })).records;
 * ```
 */
export const SatisfactionRatingSchema = recordObject({
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
export type SatisfactionRating = z.output<typeof SatisfactionRatingSchema>;

/**
 * An agent's membership of a group.
 *
 * @example
 * ```ts
 * const memberships = (await zendesk.group_memberships.list()).records;
 * ```
 */
export const GroupMembershipSchema = recordObject({
  id,
  user_id: id,
  group_id: id,
  default: z.boolean().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type GroupMembership = z.output<typeof GroupMembershipSchema>;

/**
 * A user's membership of an organization.
 *
 * @example
 * ```ts
 * const memberships = (await zendesk.organization_memberships.list()).records;
 * ```
 */
export const OrganizationMembershipSchema = recordObject({
  id,
  user_id: id,
  organization_id: id,
  organization_name: nullableString.optional(),
  default: z.boolean().nullable(),
  view_tickets: z.boolean().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type OrganizationMembership = z.output<typeof OrganizationMembershipSchema>;

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
export const ViewSchema = recordObject({
  ...business,
  conditions: conditions.optional(),
  execution: recordObject({
    group_by: nullableString.optional(),
    group_order: nullableString.optional(),
    sort_by: nullableString.optional(),
    sort_order: nullableString.optional(),
    columns: z.array(recordObject({ id: z.union([z.string(), z.number()]), title: z.string() })).optional(),
  }).optional(),
});
export type View = z.output<typeof ViewSchema>;

/**
 * A macro (a set of ticket changes an agent applies at once).
 *
 * @example
 * ```ts
 * const macro = await zendesk.macros.get({ macro_id: 368000000001 });
 * ```
 */
export const MacroSchema = recordObject({
  ...business,
  actions: z.array(recordObject({ field: z.string(), value: z.unknown() })),
});
export type Macro = z.output<typeof MacroSchema>;

/**
 * A service level agreement policy.
 *
 * @example
 * ```ts
 * const policies = (await zendesk.sla_policies.list()).records;
 * ```
 */
export const SlaPolicySchema = recordObject({
  ...business,
  filter: conditions,
  policy_metrics: z
    .array(recordObject({ priority: z.string(), metric: z.string(), target: z.number() }))
    .optional(),
});
export type SlaPolicy = z.output<typeof SlaPolicySchema>;

// The schema names before 0.2 (the types kept their names), kept for one minor version.

/** @deprecated Use `TicketSchema`. */
export const TicketRecord = TicketSchema;
/** @deprecated Use `AttachmentSchema`. */
export const AttachmentRecord = AttachmentSchema;
/** @deprecated Use `TicketCommentSchema`. */
export const CommentRecord = TicketCommentSchema;
/** @deprecated Use `UserSchema`. */
export const UserRecord = UserSchema;
/** @deprecated Use `OrganizationSchema`. */
export const OrganizationRecord = OrganizationSchema;
/** @deprecated Use `GroupSchema`. */
export const GroupRecord = GroupSchema;
/** @deprecated Use `TicketAuditSchema`. */
export const AuditRecord = TicketAuditSchema;
/** @deprecated Use `TicketMetricSchema`. */
export const TicketMetricRecord = TicketMetricSchema;
/** @deprecated Use `TicketFieldSchema`. */
export const TicketFieldRecord = TicketFieldSchema;
/** @deprecated Use `TicketFormSchema`. */
export const TicketFormRecord = TicketFormSchema;
/** @deprecated Use `BrandSchema`. */
export const BrandRecord = BrandSchema;
/** @deprecated Use `TagSchema`. */
export const TagRecord = TagSchema;
/** @deprecated Use `SatisfactionRatingSchema`. */
export const SatisfactionRatingRecord = SatisfactionRatingSchema;
/** @deprecated Use `GroupMembershipSchema`. */
export const GroupMembershipRecord = GroupMembershipSchema;
/** @deprecated Use `OrganizationMembershipSchema`. */
export const OrganizationMembershipRecord = OrganizationMembershipSchema;
/** @deprecated Use `ViewSchema`. */
export const ViewRecord = ViewSchema;
/** @deprecated Use `MacroSchema`. */
export const MacroRecord = MacroSchema;
/** @deprecated Use `SlaPolicySchema`. */
export const SlaPolicyRecord = SlaPolicySchema;
