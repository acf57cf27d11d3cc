/** Ticket statuses of the Support API (the incremental export adds `deleted`). */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'hold', 'solved', 'closed'] as const;
export type ZendeskTicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type ZendeskTicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_TYPES = ['problem', 'incident', 'question', 'task'] as const;
export type ZendeskTicketType = (typeof TICKET_TYPES)[number];
export const USER_ROLES = ['end-user', 'agent', 'admin'] as const;
export type ZendeskUserRole = (typeof USER_ROLES)[number];

/**
 * A ticket as the simulator stores it: timestamps in epoch seconds; the JSON record is built
 * per request (`zendesk-records.ts`).
 *
 * @example
 * ```ts
 * const open = sim.data.tickets.filter((t: ZendeskTicketRow) => t.status === 'open');
 * ```
 */
export interface ZendeskTicketRow {
  id: number;
  subject: string;
  description: string;
  status: ZendeskTicketStatus;
  priority: ZendeskTicketPriority | null;
  type: ZendeskTicketType | null;
  requesterId: number;
  submitterId: number;
  assigneeId: number | null;
  organizationId: number | null;
  groupId: number | null;
  brandId: number;
  ticketFormId: number;
  tags: string[];
  externalId: string | null;
  channel: 'email' | 'web' | 'api' | 'chat';
  createdAt: number;
  updatedAt: number;
  /** Bumped on every change, system updates included (what incremental exports compare). */
  generatedTimestamp: number;
  /** Set when the ticket was soft-deleted. */
  deleted?: { at: number; actorId: number; previousState: ZendeskTicketStatus };
}

/** A comment; `attachmentIds` point into the dataset's attachments. */
export interface ZendeskCommentRow {
  id: number;
  ticketId: number;
  auditId: number;
  authorId: number;
  body: string;
  public: boolean;
  attachmentIds: number[];
  createdAt: number;
}

/** An attachment of a comment. */
export interface ZendeskAttachmentRow {
  id: number;
  ticketId: number;
  commentId: number;
  fileName: string;
  size: number;
  inline: boolean;
  token: string;
  createdAt: number;
}

/** A user of any role. */
export interface ZendeskUserRow {
  id: number;
  name: string;
  email: string;
  role: ZendeskUserRole;
  organizationId: number | null;
  defaultGroupId: number | null;
  timeZone: string;
  locale: string;
  phone: string | null;
  tags: string[];
  active: boolean;
  suspended: boolean;
  verified: boolean;
  createdAt: number;
  updatedAt: number;
}

/** An organization (customer company). */
export interface ZendeskOrganizationRow {
  id: number;
  name: string;
  domainNames: string[];
  details: string | null;
  groupId: number | null;
  tags: string[];
  createdAt: number;
  updatedAt: number;
}

/** An agent group. */
export interface ZendeskGroupRow {
  id: number;
  name: string;
  description: string;
  isDefault: boolean;
  createdAt: number;
  updatedAt: number;
}

/** A satisfaction rating left on a solved ticket. */
export interface ZendeskSatisfactionRow {
  id: number;
  ticketId: number;
  score: 'good' | 'bad' | 'offered';
  comment: string | null;
  createdAt: number;
}

/** A row of a small admin configuration table (fields, forms, brands, views, macros, SLA policies). */
export interface ZendeskConfigRow {
  id: number;
  createdAt: number;
  updatedAt: number;
  [key: string]: unknown;
}
