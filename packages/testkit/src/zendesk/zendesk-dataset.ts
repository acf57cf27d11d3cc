import { ValidationError } from '@conduit/protocol';
import type { SimulatorClock } from '../core/simulator-clock';
import type {
  ZendeskAttachmentRow,
  ZendeskCommentRow,
  ZendeskConfigRow,
  ZendeskGroupRow,
  ZendeskOrganizationRow,
  ZendeskSatisfactionRow,
  ZendeskTicketPriority,
  ZendeskTicketRow,
  ZendeskTicketStatus,
  ZendeskTicketType,
  ZendeskUserRow,
} from './zendesk-rows';

/** Ids of comments and audits exceed 2^32, as Zendesk's do. */
const SYNTHETIC_COMMENT_BASE = 20_000_000_000;
const SYNTHETIC_AUDIT_BASE = 30_000_000_000;

/**
 * A new ticket for {@link ZendeskDataset.addTicket}; omitted fields get plausible defaults.
 *
 * @example
 * ```ts
 * sim.data.addTicket({ subject: 'Printer on fire', requesterId: sim.data.users[5]!.id });
 * ```
 */
export interface ZendeskNewTicket {
  subject: string;
  description?: string;
  requesterId?: number;
  status?: ZendeskTicketStatus;
  priority?: ZendeskTicketPriority | null;
  type?: ZendeskTicketType | null;
  assigneeId?: number | null;
  groupId?: number | null;
  tags?: string[];
}

/**
 * Changes to a ticket for {@link ZendeskDataset.updateTicket}.
 *
 * @example
 * ```ts
 * sim.data.updateTicket(12, { status: 'solved' });
 * ```
 */
export type ZendeskTicketPatch = Partial<
  Pick<ZendeskTicketRow, 'subject' | 'status' | 'priority' | 'type' | 'assigneeId' | 'groupId' | 'tags'>
>;

function unknownId(field: string, id: number): ValidationError {
  return new ValidationError(`${field}: no record ${id}`, {
    details: [{ field, message: `no record ${id}`, error_code: 'invalid_param' }],
  });
}

/** `GET /tickets/count` is exact up to this many tickets (ticketing.yaml, Count Tickets). */
const TICKET_COUNT_LIVE_UP_TO = 100_000;

/**
 * The state of one simulated Zendesk account: every table in id order, plus mutations that move
 * `updated_at` / `generated_timestamp` on the simulator clock so incremental exports see them.
 *
 * @example
 * ```ts
 * const data = generateZendeskDataset({ preset: 'sandbox', tickets: 100_000 });
 * data.deleteTicket(data.tickets[0]!.id);
 * ```
 */
export class ZendeskDataset {
  clock: SimulatorClock | undefined;
  readonly ticketById = new Map<number, ZendeskTicketRow>();
  readonly userById = new Map<number, ZendeskUserRow>();
  readonly attachmentById = new Map<number, ZendeskAttachmentRow>();
  /** Comments written explicitly; other tickets have one comment made from their description. */
  readonly storedComments = new Map<number, ZendeskCommentRow[]>();
  private liveCache: { version: number; rows: ZendeskTicketRow[] } | undefined;
  private exportCache: { version: number; rows: ZendeskTicketRow[] } | undefined;
  private countCache: { value: number; refreshedAt: number } | undefined;
  private tagCache: { version: number; rows: Array<{ name: string; count: number }> } | undefined;
  /** Moves on every ticket change; caches compare against it. */
  version = 0;
  private nextTicketId: number;
  private nextCommentId = 40_000_000_000;
  private nextAttachmentId = 373_000_100_000;

  constructor(
    readonly subdomain: string,
    readonly tickets: ZendeskTicketRow[],
    readonly users: ZendeskUserRow[],
    readonly organizations: ZendeskOrganizationRow[],
    readonly groups: ZendeskGroupRow[],
    readonly groupMemberships: Array<{
      id: number;
      userId: number;
      groupId: number;
      default: boolean;
      createdAt: number;
    }>,
    readonly satisfactionRatings: ZendeskSatisfactionRow[],
    readonly config: {
      ticketFields: ZendeskConfigRow[];
      ticketForms: ZendeskConfigRow[];
      brands: ZendeskConfigRow[];
      views: ZendeskConfigRow[];
      macros: ZendeskConfigRow[];
      slaPolicies: ZendeskConfigRow[];
    },
    comments: ZendeskCommentRow[],
    attachments: ZendeskAttachmentRow[],
    /** Ids of closed tickets that are archived (gone from lists, present in exports and gets). */
    readonly archived: Set<number>,
  ) {
    for (const ticket of tickets) this.ticketById.set(ticket.id, ticket);
    for (const user of users) this.userById.set(user.id, user);
    for (const attachment of attachments) this.attachmentById.set(attachment.id, attachment);
    for (const comment of comments) {
      const list = this.storedComments.get(comment.ticketId) ?? [];
      list.push(comment);
      this.storedComments.set(comment.ticketId, list);
    }
    this.nextTicketId = (tickets.at(-1)?.id ?? 0) + 1;
  }

  /** The account owner: the admin whose API token and OAuth grant the simulator issues. */
  get owner(): ZendeskUserRow {
    return this.users.find((user) => user.role === 'admin') as ZendeskUserRow;
  }

  /** Now on the simulator clock, in epoch seconds. */
  nowSeconds(): number {
    return Math.floor((this.clock?.now() ?? Date.now()) / 1000);
  }

  /** Tickets that lists show: not deleted, not archived, id order. Cached between changes. */
  liveTickets(): readonly ZendeskTicketRow[] {
    if (this.liveCache?.version !== this.version) {
      this.liveCache = {
        version: this.version,
        rows: this.tickets.filter((t) => t.deleted === undefined && !this.archived.has(t.id)),
      };
    }
    return this.liveCache.rows;
  }

  /** Every ticket, deleted and archived included, by (`generated_timestamp`, id): the export order. */
  exportOrder(): readonly ZendeskTicketRow[] {
    if (this.exportCache?.version !== this.version) {
      this.exportCache = {
        version: this.version,
        rows: [...this.tickets].sort((a, b) => a.generatedTimestamp - b.generatedTimestamp || a.id - b.id),
      };
    }
    return this.exportCache.rows;
  }

  /** Tags of live tickets with their counts, most used first. */
  tags(): ReadonlyArray<{ name: string; count: number }> {
    if (this.tagCache?.version !== this.version) {
      const counts = new Map<string, number>();
      for (const ticket of this.liveTickets()) {
        for (const tag of ticket.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      }
      this.tagCache = {
        version: this.version,
        rows: [...counts]
          .map(([name, count]) => ({ name, count }))
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      };
    }
    return this.tagCache.rows;
  }

  /**
   * `GET /tickets/count`: the tickets not deleted (archived ones included). Counts up to 100,000
   * are live; above that the spec says the value is refreshed every 24 hours, so it is cached.
   */
  ticketCount(): { value: number; refreshedAt: number | null } {
    const now = this.nowSeconds();
    const cached = this.countCache;
    if (cached !== undefined && cached.value > TICKET_COUNT_LIVE_UP_TO && now - cached.refreshedAt < 86_400)
      return cached;
    const value = this.tickets.reduce((n, t) => (t.deleted === undefined ? n + 1 : n), 0);
    this.countCache = { value, refreshedAt: now };
    return this.countCache;
  }

  /** A visible (not deleted) ticket; archived ones still answer, as `GET /tickets/{id}` does. */
  ticket(id: number): ZendeskTicketRow | undefined {
    const ticket = this.ticketById.get(id);
    return ticket?.deleted === undefined ? ticket : undefined;
  }

  /** The comments of a ticket, oldest first. */
  commentsOf(ticket: ZendeskTicketRow): ZendeskCommentRow[] {
    const stored = this.storedComments.get(ticket.id);
    if (stored !== undefined) return stored;
    return [
      {
        id: SYNTHETIC_COMMENT_BASE + ticket.id,
        ticketId: ticket.id,
        auditId: SYNTHETIC_AUDIT_BASE + ticket.id,
        authorId: ticket.requesterId,
        body: ticket.description,
        public: true,
        attachmentIds: [],
        createdAt: ticket.createdAt,
      },
    ];
  }

  addTicket(input: ZendeskNewTicket): ZendeskTicketRow {
    const now = this.nowSeconds();
    const requester = input.requesterId ?? this.users.find((u) => u.role === 'end-user')?.id ?? this.owner.id;
    const user = this.userById.get(requester);
    if (user === undefined) throw unknownId('requesterId', requester);
    const ticket: ZendeskTicketRow = {
      id: this.nextTicketId++,
      subject: input.subject,
      description: input.description ?? input.subject,
      status: input.status ?? 'new',
      priority: input.priority ?? null,
      type: input.type ?? null,
      requesterId: requester,
      submitterId: requester,
      assigneeId: input.assigneeId ?? null,
      organizationId: user.organizationId,
      groupId: input.groupId ?? null,
      brandId: this.config.brands[0]?.id ?? 1,
      ticketFormId: this.config.ticketForms[0]?.id ?? 1,
      tags: input.tags ?? [],
      externalId: null,
      channel: 'api',
      createdAt: now,
      updatedAt: now,
      generatedTimestamp: now,
    };
    this.tickets.push(ticket);
    this.ticketById.set(ticket.id, ticket);
    this.version += 1;
    return ticket;
  }

  /** Changes fields; bumps `updated_at` and `generated_timestamp`. */
  updateTicket(id: number, patch: ZendeskTicketPatch): ZendeskTicketRow {
    const ticket = this.ticket(id);
    if (ticket === undefined) throw unknownId('id', id);
    Object.assign(ticket, patch);
    const now = this.nowSeconds();
    ticket.updatedAt = now;
    ticket.generatedTimestamp = now;
    this.version += 1;
    return ticket;
  }

  /** A system update: only `generated_timestamp` moves (what the reference says exports compare). */
  touchTicket(id: number): ZendeskTicketRow {
    const ticket = this.ticket(id);
    if (ticket === undefined) throw unknownId('id', id);
    ticket.generatedTimestamp = this.nowSeconds();
    this.version += 1;
    return ticket;
  }

  /** Soft-deletes a ticket: gone from lists, gets and search; `status: deleted` in exports. */
  deleteTicket(id: number, actorId: number = this.owner.id): ZendeskTicketRow {
    const ticket = this.ticket(id);
    if (ticket === undefined) throw unknownId('id', id);
    const now = this.nowSeconds();
    ticket.deleted = { at: now, actorId, previousState: ticket.status };
    ticket.updatedAt = now;
    ticket.generatedTimestamp = now;
    this.version += 1;
    return ticket;
  }

  /** Adds a comment, optionally with attachments of the given sizes; bumps the ticket. */
  addComment(
    ticketId: number,
    input: {
      body: string;
      authorId?: number;
      public?: boolean;
      attachments?: Array<{ fileName: string; size: number; inline?: boolean }>;
    },
  ): ZendeskCommentRow {
    const ticket = this.ticket(ticketId);
    if (ticket === undefined) throw unknownId('ticketId', ticketId);
    const now = this.nowSeconds();
    const comments = [...this.commentsOf(ticket)];
    const id = this.nextCommentId++;
    const comment: ZendeskCommentRow = {
      id,
      ticketId,
      auditId: id + 5_000_000_000,
      authorId: input.authorId ?? this.owner.id,
      body: input.body,
      public: input.public ?? true,
      attachmentIds: [],
      createdAt: now,
    };
    for (const file of input.attachments ?? []) {
      const attachmentId = this.nextAttachmentId++;
      this.attachmentById.set(attachmentId, {
        id: attachmentId,
        ticketId,
        commentId: id,
        fileName: file.fileName,
        size: file.size,
        inline: file.inline ?? false,
        token: `t${attachmentId.toString(36)}${ticketId.toString(36)}`,
        createdAt: now,
      });
      comment.attachmentIds.push(attachmentId);
    }
    comments.push(comment);
    this.storedComments.set(ticketId, comments);
    ticket.updatedAt = now;
    ticket.generatedTimestamp = now;
    this.version += 1;
    return comment;
  }
}
