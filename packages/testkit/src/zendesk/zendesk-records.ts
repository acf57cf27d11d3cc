import { contentTypeForName } from '../core/attachment-content';
import { RawJson } from './raw-json';
import type { ZendeskDataset } from './zendesk-dataset';
import type {
  ZendeskAttachmentRow,
  ZendeskCommentRow,
  ZendeskConfigRow,
  ZendeskGroupRow,
  ZendeskOrganizationRow,
  ZendeskSatisfactionRow,
  ZendeskTicketRow,
  ZendeskUserRow,
} from './zendesk-rows';

/** What a record builder needs to render URLs. */
export interface RecordUrls {
  /** `http://127.0.0.1:<port>/api/v2`. */
  api: string;
  /** `http://127.0.0.1:<port>`: where `content_url`s point (the first, authenticated hop). */
  origin: string;
}

/** ISO 8601 UTC with second precision, as Zendesk writes timestamps. */
export function isoSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const VIA_SOURCE = { from: {}, to: {}, rel: null };

/** A custom field's value typed by the field's type, as Zendesk sends it. */
function customValue(field: ZendeskConfigRow, ticket: ZendeskTicketRow): unknown {
  if (field.type === 'tagger') return ['commuter', 'cargo', 'trail'][ticket.id % 3];
  if (field.type === 'text')
    return ticket.id % 2 === 0
      ? `${String(ticket.id % 100).padStart(2, '0')}-${String(ticket.id % 1000).padStart(3, '0')}`
      : null;
  if (field.type === 'date')
    return ticket.id % 4 === 0 ? isoSeconds(ticket.createdAt - 200 * 86_400).slice(0, 10) : null;
  return null;
}

/** A ticket record (`status: deleted` when the export shows a deleted one). */
export function ticketRecord(
  row: ZendeskTicketRow,
  urls: RecordUrls,
  data: ZendeskDataset,
): Record<string, unknown> {
  const rating = data.satisfactionRatings.find((r) => r.ticketId === row.id);
  return {
    url: `${urls.api}/tickets/${row.id}.json`,
    id: row.id,
    external_id: row.externalId,
    via: { channel: row.channel, source: VIA_SOURCE },
    created_at: isoSeconds(row.createdAt),
    updated_at: isoSeconds(row.updatedAt),
    generated_timestamp: row.generatedTimestamp,
    type: row.type,
    subject: row.subject,
    raw_subject: row.subject,
    description: row.description,
    priority: row.priority,
    status: row.deleted === undefined ? row.status : 'deleted',
    recipient: row.channel === 'email' ? `support@${data.subdomain}.zendesk.com` : null,
    requester_id: row.requesterId,
    submitter_id: row.submitterId,
    assignee_id: row.assigneeId,
    organization_id: row.organizationId,
    group_id: row.groupId,
    collaborator_ids: [],
    follower_ids: [],
    email_cc_ids: [],
    forum_topic_id: null,
    problem_id: null,
    has_incidents: false,
    is_public: true,
    due_at: row.type === 'task' ? isoSeconds(row.createdAt + 7 * 86_400) : null,
    tags: row.tags,
    custom_fields: data.config.ticketFields
      .filter((f) => f.system !== true)
      .map((f) => ({ id: f.id, value: customValue(f, row) })),
    satisfaction_rating:
      rating === undefined ? null : { id: rating.id, score: rating.score, comment: rating.comment },
    sharing_agreement_ids: [],
    custom_status_id: 1,
    fields: [],
    followup_ids: [],
    ticket_form_id: row.ticketFormId,
    brand_id: row.brandId,
    allow_channelback: false,
    allow_attachments: true,
    from_messaging_channel: row.channel === 'chat',
  };
}

const ticketCache = new WeakMap<ZendeskTicketRow, { key: string; raw: RawJson }>();

/**
 * A ticket record as serialized JSON, built once per state of the dataset (any change to any
 * ticket starts over, which keeps the rule simple; changes are rare next to reads) and host, and
 * reused by every page until then.
 */
export function ticketJson(row: ZendeskTicketRow, urls: RecordUrls, data: ZendeskDataset): RawJson {
  const key = `${data.version}|${urls.api}`;
  const cached = ticketCache.get(row);
  if (cached?.key === key) return cached.raw;
  const raw = new RawJson(JSON.stringify(ticketRecord(row, urls, data)));
  ticketCache.set(row, { key, raw });
  return raw;
}

/** An attachment record; `content_url` is the authenticated first hop on the API host. */
export function attachmentRecord(row: ZendeskAttachmentRow, urls: RecordUrls): Record<string, unknown> {
  const contentUrl = `${urls.origin}/attachments/token/${row.token}/?name=${encodeURIComponent(row.fileName)}`;
  const image = contentTypeForName(row.fileName).startsWith('image/');
  return {
    url: `${urls.api}/attachments/${row.id}.json`,
    id: row.id,
    file_name: row.fileName,
    content_url: contentUrl,
    mapped_content_url: contentUrl,
    content_type: contentTypeForName(row.fileName),
    size: row.size,
    width: image ? '640' : null,
    height: image ? '480' : null,
    inline: row.inline,
    deleted: false,
    malware_access_override: false,
    malware_scan_result: 'malware_not_found',
    thumbnails: [],
  };
}

/** A comment record with its attachments (inline ones only when asked for). */
export function commentRecord(
  row: ZendeskCommentRow,
  urls: RecordUrls,
  data: ZendeskDataset,
  includeInline: boolean,
): Record<string, unknown> {
  const attachments = row.attachmentIds
    .map((id) => data.attachmentById.get(id))
    .filter((a): a is ZendeskAttachmentRow => a !== undefined && (includeInline || !a.inline))
    .map((a) => attachmentRecord(a, urls));
  return {
    id: row.id,
    type: 'Comment',
    author_id: row.authorId,
    body: row.body,
    html_body: `<div class="zd-comment" dir="auto"><p>${row.body.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)}</p></div>`,
    plain_body: row.body,
    public: row.public,
    attachments,
    audit_id: row.auditId,
    via: { channel: 'web', source: VIA_SOURCE },
    created_at: isoSeconds(row.createdAt),
    metadata: {
      system: { client: 'Mozilla/5.0', ip_address: '192.0.2.10', location: 'Berlin, BE, Germany' },
      custom: {},
    },
  };
}

/** The audits of a ticket: one per comment; the first also records the ticket's creation. */
export function auditRecords(
  ticket: ZendeskTicketRow,
  urls: RecordUrls,
  data: ZendeskDataset,
): Array<Record<string, unknown>> {
  return data.commentsOf(ticket).map((comment, index) => {
    const events: Array<Record<string, unknown>> = [
      {
        id: comment.auditId + 1,
        type: 'Comment',
        author_id: comment.authorId,
        body: comment.body,
        public: comment.public,
        attachments: [],
      },
    ];
    if (index === 0) {
      events.push(
        { id: comment.auditId + 2, type: 'Create', field_name: 'subject', value: ticket.subject },
        { id: comment.auditId + 3, type: 'Create', field_name: 'status', value: 'new' },
        { id: comment.auditId + 4, type: 'Create', field_name: 'priority', value: ticket.priority },
      );
    }
    return {
      id: comment.auditId,
      ticket_id: ticket.id,
      created_at: isoSeconds(comment.createdAt),
      author_id: comment.authorId,
      metadata: { system: {}, custom: {} },
      via: { channel: 'web', source: VIA_SOURCE },
      events,
      url: `${urls.api}/tickets/${ticket.id}/audits/${comment.auditId}.json`,
    };
  });
}

const METRIC_BASE = 374_000_000_000;

/** The metric set of a ticket (id derived from the ticket's). */
export function metricRecord(
  ticket: ZendeskTicketRow,
  urls: RecordUrls,
  data: ZendeskDataset,
): Record<string, unknown> {
  const comments = data.commentsOf(ticket);
  const replies = comments.filter((c) => c.authorId !== ticket.requesterId).length;
  const solved = ticket.status === 'solved' || ticket.status === 'closed';
  const minutes = (value: number | null): { calendar: number | null; business: number | null } => ({
    calendar: value,
    business: value === null ? null : Math.floor(value * 0.6),
  });
  const resolution = solved ? Math.floor((ticket.updatedAt - ticket.createdAt) / 60) : null;
  return {
    url: `${urls.api}/ticket_metrics/${METRIC_BASE + ticket.id}.json`,
    id: METRIC_BASE + ticket.id,
    ticket_id: ticket.id,
    created_at: isoSeconds(ticket.createdAt),
    updated_at: isoSeconds(ticket.updatedAt),
    group_stations: ticket.groupId === null ? 0 : 1,
    assignee_stations: ticket.assigneeId === null ? 0 : 1,
    reopens: 0,
    replies,
    assignee_updated_at: ticket.assigneeId === null ? null : isoSeconds(ticket.updatedAt),
    requester_updated_at: isoSeconds(ticket.createdAt),
    status_updated_at: isoSeconds(ticket.updatedAt),
    initially_assigned_at: ticket.assigneeId === null ? null : isoSeconds(ticket.createdAt + 600),
    assigned_at: ticket.assigneeId === null ? null : isoSeconds(ticket.createdAt + 600),
    solved_at: solved ? isoSeconds(ticket.updatedAt) : null,
    latest_comment_added_at: isoSeconds(comments.at(-1)?.createdAt ?? ticket.createdAt),
    custom_status_updated_at: isoSeconds(ticket.updatedAt),
    reply_time_in_minutes: minutes(replies > 0 ? 360 : null),
    reply_time_in_seconds: { calendar: replies > 0 ? 21_600 : null },
    first_resolution_time_in_minutes: minutes(resolution),
    full_resolution_time_in_minutes: minutes(resolution),
    agent_wait_time_in_minutes: minutes(solved ? 30 : null),
    requester_wait_time_in_minutes: minutes(resolution),
    on_hold_time_in_minutes: minutes(0),
  };
}

/** The ticket a metric id belongs to. */
export function ticketIdOfMetric(metricId: number): number {
  return metricId - METRIC_BASE;
}

export function userRecord(row: ZendeskUserRow, urls: RecordUrls): Record<string, unknown> {
  return {
    id: row.id,
    url: `${urls.api}/users/${row.id}.json`,
    name: row.name,
    email: row.email,
    created_at: isoSeconds(row.createdAt),
    updated_at: isoSeconds(row.updatedAt),
    time_zone: row.timeZone,
    iana_time_zone: row.timeZone,
    phone: row.phone,
    shared_phone_number: null,
    photo: null,
    locale_id: 1,
    locale: row.locale,
    organization_id: row.organizationId,
    role: row.role,
    verified: row.verified,
    external_id: null,
    tags: row.tags,
    alias: '',
    active: row.active,
    shared: false,
    shared_agent: false,
    last_login_at: row.role === 'end-user' ? null : isoSeconds(row.updatedAt),
    two_factor_auth_enabled: null,
    signature: row.role === 'end-user' ? null : `${row.name}, Lumen Bikes support`,
    details: '',
    notes: '',
    role_type: row.role === 'end-user' ? null : row.role === 'admin' ? null : 0,
    custom_role_id: null,
    moderator: row.role !== 'end-user',
    ticket_restriction: row.role === 'end-user' ? 'requested' : null,
    only_private_comments: false,
    restricted_agent: false,
    suspended: row.suspended,
    default_group_id: row.defaultGroupId,
    report_csv: row.role === 'admin',
    user_fields: {},
    permanently_deleted: false,
  };
}

export function organizationRecord(row: ZendeskOrganizationRow, urls: RecordUrls): Record<string, unknown> {
  return {
    url: `${urls.api}/organizations/${row.id}.json`,
    id: row.id,
    name: row.name,
    shared_tickets: false,
    shared_comments: false,
    external_id: null,
    created_at: isoSeconds(row.createdAt),
    updated_at: isoSeconds(row.updatedAt),
    domain_names: row.domainNames,
    details: row.details,
    notes: null,
    group_id: row.groupId,
    tags: row.tags,
    organization_fields: {},
  };
}

export function groupRecord(row: ZendeskGroupRow, urls: RecordUrls): Record<string, unknown> {
  return {
    url: `${urls.api}/groups/${row.id}.json`,
    id: row.id,
    is_public: true,
    name: row.name,
    description: row.description,
    default: row.isDefault,
    deleted: false,
    created_at: isoSeconds(row.createdAt),
    updated_at: isoSeconds(row.updatedAt),
  };
}

export function satisfactionRecord(
  row: ZendeskSatisfactionRow,
  urls: RecordUrls,
  data: ZendeskDataset,
): Record<string, unknown> {
  const ticket = data.ticketById.get(row.ticketId);
  return {
    url: `${urls.api}/satisfaction_ratings/${row.id}.json`,
    id: row.id,
    assignee_id: ticket?.assigneeId ?? null,
    group_id: ticket?.groupId ?? null,
    requester_id: ticket?.requesterId ?? null,
    ticket_id: row.ticketId,
    score: row.score,
    comment: row.comment,
    reason: null,
    reason_id: null,
    reason_code: null,
    created_at: isoSeconds(row.createdAt),
    updated_at: isoSeconds(row.createdAt),
  };
}

function common(row: ZendeskConfigRow, urls: RecordUrls, path: string): Record<string, unknown> {
  return {
    url: `${urls.api}/${path}/${row.id}.json`,
    id: row.id,
    created_at: isoSeconds(row.createdAt),
    updated_at: isoSeconds(row.updatedAt),
  };
}

/** Records of the admin configuration tables, keyed by their list key. */
export const CONFIG_RECORDS = {
  ticket_fields: (row: ZendeskConfigRow, urls: RecordUrls, position: number) => ({
    ...common(row, urls, 'ticket_fields'),
    type: row.type,
    title: row.title,
    raw_title: row.title,
    description: '',
    raw_description: '',
    position,
    active: true,
    required: row.required,
    collapsed_for_agents: false,
    regexp_for_validation: (row.regexp as string | undefined) ?? null,
    title_in_portal: row.title,
    raw_title_in_portal: row.title,
    visible_in_portal: row.system === true,
    editable_in_portal: row.system === true,
    required_in_portal: false,
    tag: null,
    removable: row.system !== true,
    key: null,
    agent_description: null,
    custom_field_options: ((row.options as string[] | undefined) ?? []).map((name, index) => ({
      id: row.id * 10 + index,
      name,
      raw_name: name,
      value: name.toLowerCase(),
      default: false,
    })),
  }),
  ticket_forms: (row: ZendeskConfigRow, urls: RecordUrls, position: number, data: ZendeskDataset) => ({
    ...common(row, urls, 'ticket_forms'),
    name: row.name,
    raw_name: row.name,
    display_name: row.name,
    raw_display_name: row.name,
    end_user_visible: row.end_user_visible,
    position,
    ticket_field_ids: ((row.fields as number[] | undefined) ?? []).map(
      (i) => data.config.ticketFields[i]?.id,
    ),
    active: true,
    default: row.default,
    in_all_brands: true,
    restricted_brand_ids: [],
    end_user_conditions: [],
    agent_conditions: [],
  }),
  brands: (row: ZendeskConfigRow, urls: RecordUrls, _position: number, data: ZendeskDataset) => ({
    ...common(row, urls, 'brands'),
    name: row.name,
    brand_url: `https://${String(row.subdomain)}.zendesk.com`,
    subdomain: row.subdomain,
    host_mapping: null,
    has_help_center: row.default === true,
    help_center_state: row.default === true ? 'enabled' : 'disabled',
    active: true,
    default: row.default,
    is_deleted: false,
    logo: null,
    ticket_form_ids: data.config.ticketForms.map((f) => f.id),
    signature_template: '{{agent.signature}}',
  }),
  views: (row: ZendeskConfigRow, urls: RecordUrls, position: number) => ({
    ...common(row, urls, 'views'),
    title: row.title,
    raw_title: row.title,
    active: row.active,
    position,
    default: false,
    description: null,
    restriction: row.groupId === undefined ? null : { type: 'Group', id: row.groupId, ids: [row.groupId] },
    execution: {
      group_by: 'status',
      group_order: 'asc',
      sort_by: 'updated',
      sort_order: 'desc',
      columns: [
        { id: 'subject', title: 'Subject' },
        { id: 'requester', title: 'Requester' },
      ],
    },
    conditions: {
      all: (row.conditions as string[][]).map(([field, operator, value]) => ({ field, operator, value })),
      any: [],
    },
  }),
  macros: (row: ZendeskConfigRow, urls: RecordUrls, position: number) => ({
    ...common(row, urls, 'macros'),
    title: row.title,
    raw_title: row.title,
    active: row.active,
    position,
    default: false,
    description: null,
    restriction: null,
    actions: (row.actions as string[][]).map(([field, value]) => ({ field, value })),
  }),
  sla_policies: (row: ZendeskConfigRow, urls: RecordUrls, position: number) => ({
    ...common(row, urls, 'slas/policies'),
    title: row.title,
    description: row.description,
    position,
    filter: {
      all: (row.tags as string[]).map((tag) => ({ field: 'current_tags', operator: 'includes', value: tag })),
      any: [],
    },
    policy_metrics: ['urgent', 'high', 'normal', 'low'].map((priority, index) => ({
      priority,
      metric: 'first_reply_time',
      target: (row.tags as string[]).length > 0 ? 30 * (index + 1) : 60 * (index + 1),
      business_hours: false,
    })),
  }),
} as const;
