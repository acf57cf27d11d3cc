import { ValidationError } from '@conduit/protocol';
import { pickAt, uniformAt } from '../core/seeded-random';
import { ZendeskDataset } from './zendesk-dataset';
import type {
  ZendeskAttachmentRow,
  ZendeskCommentRow,
  ZendeskConfigRow,
  ZendeskGroupRow,
  ZendeskOrganizationRow,
  ZendeskSatisfactionRow,
  ZendeskTicketRow,
  ZendeskTicketStatus,
  ZendeskUserRow,
} from './zendesk-rows';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from './zendesk-rows';
import {
  SANDBOX_END_USERS,
  SANDBOX_GROUPS,
  SANDBOX_ORGANIZATIONS,
  SANDBOX_REPLIES,
  SANDBOX_STAFF,
  SANDBOX_TICKETS,
  SCALE_FILES,
  SCALE_PROBLEMS,
  SCALE_PRODUCTS,
} from './zendesk-sandbox-content';

/**
 * How to build a simulated account. The sandbox (a bicycle maker's help desk: 40 tickets in every
 * status with comments, audits and attachments, staff of every role, customers in five
 * organizations) is always there; `tickets` above 40 adds generated tickets for scale, and below
 * it keeps only the sandbox's first tickets: `0` is the account with its people and settings and
 * no tickets, for a test that adds its own (`sim.data.addTicket`).
 *
 * @example
 * ```ts
 * const data = generateZendeskDataset({ tickets: 100_000, seed: 3 });
 * ```
 */
export interface ZendeskDatasetOptions {
  /** Total tickets: up to 40 are the sandbox's, more are generated; 0 for none. Default 40. */
  tickets?: number;
  /** Extra generated end-users who request the scale tickets. Default `min(2000, tickets / 50)`. */
  endUsers?: number;
  seed?: number;
  /** Newest timestamp of the data (ISO or epoch ms). Default 2026-01-15T12:00:00Z. */
  endAt?: string | number;
  subdomain?: string;
}

const SANDBOX_TICKET_COUNT = SANDBOX_TICKETS.length * 2;
const DAY = 86_400;
const USER_BASE = 361_000_000_000;
const ORG_BASE = 362_000_000_000;
const GROUP_BASE = 363_000_000_000;
const ATTACHMENT_BASE = 373_000_000_000;

function count(field: string, value: number | undefined, fallback: number, min = 0): number {
  const out = value ?? fallback;
  if (!Number.isInteger(out) || out < min) {
    throw new ValidationError(`${field}: must be an integer ≥ ${min}`, {
      details: [{ field, message: `must be an integer ≥ ${min}`, error_code: 'invalid_param' }],
    });
  }
  return out;
}

function emailOf(name: string, domain: string): string {
  return `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${domain}`;
}

function config(rows: Array<Record<string, unknown>>, base: number, at: number): ZendeskConfigRow[] {
  return rows.map((row, index) => ({
    id: base + index + 1,
    createdAt: at - 300 * DAY,
    updatedAt: at - 30 * DAY + index * 3600,
    ...row,
  }));
}

/**
 * Builds a deterministic account: the same options and seed give the same data. 100,000 tickets
 * take well under a second; comments of generated tickets are made on demand from the description.
 *
 * @example
 * ```ts
 * const sim = await startZendeskSimulator({ dataset: generateZendeskDataset({ tickets: 5_000 }) });
 * ```
 */
export function generateZendeskDataset(options: ZendeskDatasetOptions = {}): ZendeskDataset {
  const seed = count('seed', options.seed, 1);
  const total = count('tickets', options.tickets, SANDBOX_TICKET_COUNT);
  const endAtMs =
    typeof options.endAt === 'string'
      ? Date.parse(options.endAt)
      : (options.endAt ?? Date.parse('2026-01-15T12:00:00Z'));
  if (!Number.isFinite(endAtMs)) {
    throw new ValidationError('endAt: not a date', {
      details: [{ field: 'endAt', message: 'not a date', error_code: 'invalid_param' }],
    });
  }
  const end = Math.floor(endAtMs / 1000);
  const start = end - 365 * DAY;
  const subdomain = options.subdomain ?? 'lumenbikes';
  const staffDomain = `${subdomain}.example`;

  const groups: ZendeskGroupRow[] = SANDBOX_GROUPS.map((g, i) => ({
    id: GROUP_BASE + i + 1,
    name: g.name,
    description: g.description,
    isDefault: i === 0,
    createdAt: start - 200 * DAY + i * DAY,
    updatedAt: start - 100 * DAY + i * DAY,
  }));
  const organizations: ZendeskOrganizationRow[] = SANDBOX_ORGANIZATIONS.map((o, i) => ({
    id: ORG_BASE + i + 1,
    name: o.name,
    domainNames: [...o.domains],
    details: i === 2 ? 'Enterprise fleet customer since 2021' : null,
    groupId: i === 2 ? (groups[3]?.id ?? null) : null,
    tags: [...o.tags],
    createdAt: start - 150 * DAY + i * DAY,
    updatedAt: start + i * 20 * DAY,
  }));
  const users: ZendeskUserRow[] = [];
  const memberships: ZendeskDataset['groupMemberships'] = [];
  SANDBOX_STAFF.forEach(([name, role, groupIndex], i) => {
    const id = USER_BASE + i + 1;
    const groupId = groupIndex === null ? null : (groups[groupIndex]?.id ?? null);
    users.push({
      id,
      name,
      email: emailOf(name, staffDomain),
      role,
      organizationId: null,
      defaultGroupId: groupId,
      timeZone: 'Europe/Berlin',
      locale: 'en-US',
      phone: null,
      tags: [],
      active: true,
      suspended: false,
      verified: true,
      createdAt: start - 180 * DAY + i * DAY,
      updatedAt: start + i * 10 * DAY,
    });
    if (groupId !== null) {
      memberships.push({
        id: 371_000_000_000 + memberships.length + 1,
        userId: id,
        groupId,
        default: true,
        createdAt: start - 170 * DAY,
      });
      // Admins also sit in Support so every group has more than one member.
      if (role === 'admin' && groupIndex !== 0) {
        memberships.push({
          id: 371_000_000_000 + memberships.length + 1,
          userId: id,
          groupId: groups[0]!.id,
          default: false,
          createdAt: start - 160 * DAY,
        });
      }
    }
  });
  const extraEndUsers = count('endUsers', options.endUsers, Math.min(2000, Math.floor(total / 50)));
  const endUserNames = [
    ...SANDBOX_END_USERS,
    ...Array.from({ length: extraEndUsers }, (_, i) => `Rider ${i + 1}`),
  ];
  endUserNames.forEach((name, i) => {
    const org = i % 3 === 2 ? null : (organizations[i % organizations.length] ?? null);
    users.push({
      id: USER_BASE + 1000 + i,
      name,
      email: emailOf(name, org?.domainNames[0] ?? 'mail.example'),
      role: 'end-user',
      organizationId: org?.id ?? null,
      defaultGroupId: null,
      timeZone: pickAt(['America/New_York', 'Europe/London', 'Asia/Tokyo'], seed, i, 1),
      locale: 'en-US',
      phone: i % 4 === 0 ? `+1-555-01${String(i % 100).padStart(2, '0')}` : null,
      tags: org === null ? [] : [...org.tags.slice(0, 1)],
      active: true,
      // One suspended customer: suspended users are still listed.
      suspended: i === 7,
      verified: i % 5 !== 4,
      createdAt: start - 90 * DAY + (i % 365) * 3600,
      updatedAt: start + (i % 300) * DAY,
    });
  });
  const agents = users.filter((u) => u.role !== 'end-user');
  const endUsers = users.filter((u) => u.role === 'end-user');

  const tickets: ZendeskTicketRow[] = [];
  const comments: ZendeskCommentRow[] = [];
  const attachments: ZendeskAttachmentRow[] = [];
  const archived = new Set<number>();
  const ratings: ZendeskSatisfactionRow[] = [];
  const channels = ['email', 'web', 'api', 'chat'] as const;

  for (let i = 0; i < Math.min(total, SANDBOX_TICKET_COUNT); i += 1) {
    const [subject, description, type, priority, tags] = SANDBOX_TICKETS[i % SANDBOX_TICKETS.length]!;
    const status: ZendeskTicketStatus = TICKET_STATUSES[i % TICKET_STATUSES.length]!;
    const requester = endUsers[i % SANDBOX_END_USERS.length]!;
    const assignee = status === 'new' ? null : agents[(i % (agents.length - 1)) + 1]!;
    const createdAt = end - (SANDBOX_TICKET_COUNT - i) * 4 * DAY;
    const id = i + 1;
    const ticket: ZendeskTicketRow = {
      id,
      subject: i < SANDBOX_TICKETS.length ? subject : `Re: ${subject}`,
      description,
      status,
      priority,
      type,
      requesterId: requester.id,
      submitterId: requester.id,
      assigneeId: assignee?.id ?? null,
      organizationId: requester.organizationId,
      groupId: assignee?.defaultGroupId ?? null,
      brandId: 364_000_000_001 + (i % 5 === 4 ? 1 : 0),
      ticketFormId: 366_000_000_001,
      tags: [...tags],
      externalId: i % 10 === 3 ? `crm-${1000 + i}` : null,
      channel: channels[i % channels.length]!,
      createdAt,
      updatedAt: createdAt + (1 + (i % 3)) * DAY,
      generatedTimestamp: createdAt + (1 + (i % 3)) * DAY + 60,
    };
    tickets.push(ticket);
    const replies = 1 + (i % 4);
    for (let c = 0; c < replies; c += 1) {
      const commentId = 20_500_000_000 + id * 10 + c;
      const comment: ZendeskCommentRow = {
        id: commentId,
        ticketId: id,
        auditId: 30_500_000_000 + id * 10 + c,
        authorId: c === 0 ? requester.id : c % 2 === 1 ? (assignee ?? agents[0]!).id : requester.id,
        body: c === 0 ? description : (SANDBOX_REPLIES[(i + c) % SANDBOX_REPLIES.length] ?? 'Thanks!'),
        public: !(c > 0 && (i + c) % SANDBOX_REPLIES.length === 5),
        attachmentIds: [],
        createdAt: createdAt + c * 6 * 3600,
      };
      if (c === 0 && i % 3 === 0) {
        const [fileName, size] = SCALE_FILES[i % SCALE_FILES.length]!;
        const attachmentId = ATTACHMENT_BASE + id * 10 + c;
        attachments.push({
          id: attachmentId,
          ticketId: id,
          commentId,
          fileName,
          size,
          inline: false,
          token: `s${attachmentId.toString(36)}`,
          createdAt: comment.createdAt,
        });
        comment.attachmentIds.push(attachmentId);
      }
      if (c === 1 && i % 5 === 0) {
        const attachmentId = ATTACHMENT_BASE + id * 10 + c;
        attachments.push({
          id: attachmentId,
          ticketId: id,
          commentId,
          fileName: 'inline-image.png',
          size: 12_288,
          inline: true,
          token: `i${attachmentId.toString(36)}`,
          createdAt: comment.createdAt,
        });
        comment.attachmentIds.push(attachmentId);
      }
      comments.push(comment);
    }
    if (status === 'solved' || status === 'closed') {
      ratings.push({
        id: 370_000_000_000 + ratings.length + 1,
        ticketId: id,
        score: i % 4 === 0 ? 'bad' : i % 4 === 1 ? 'offered' : 'good',
        comment:
          i % 4 === 0 ? 'Took too long to get an answer' : i % 4 === 2 ? 'Quick and friendly, thanks!' : null,
        createdAt: ticket.updatedAt,
      });
    }
  }
  // The two oldest closed tickets are archived: gone from lists, present in exports and gets.
  for (const ticket of tickets.filter((t) => t.status === 'closed').slice(0, 2)) archived.add(ticket.id);

  const span = Math.max(1, total - SANDBOX_TICKET_COUNT);
  for (let id = SANDBOX_TICKET_COUNT + 1; id <= total; id += 1) {
    const u = (salt: number): number => uniformAt(seed, id, salt);
    const product = pickAt(SCALE_PRODUCTS, seed, id, 1);
    const problem = pickAt(SCALE_PROBLEMS, seed, id, 2);
    const status = TICKET_STATUSES[Math.floor(u(3) * TICKET_STATUSES.length)]!;
    const requester = endUsers[Math.floor(u(4) * endUsers.length)]!;
    const assignee = status === 'new' ? null : agents[Math.floor(u(5) * agents.length)]!;
    const createdAt = start + Math.floor(((id - SANDBOX_TICKET_COUNT) / span) * (end - start - 5 * DAY));
    const updatedAt = Math.min(end, createdAt + Math.floor(u(6) * 5 * DAY));
    tickets.push({
      id,
      subject: `${product[0]!.toUpperCase()}${product.slice(1)} ${problem} (#${id})`,
      description: `Customer reports: ${product} ${problem}. Reference ${id}.`,
      status,
      priority: u(7) < 0.1 ? null : TICKET_PRIORITIES[Math.floor(u(8) * TICKET_PRIORITIES.length)]!,
      type: u(9) < 0.1 ? null : TICKET_TYPES[Math.floor(u(10) * TICKET_TYPES.length)]!,
      requesterId: requester.id,
      submitterId: requester.id,
      assigneeId: assignee?.id ?? null,
      organizationId: requester.organizationId,
      groupId: assignee?.defaultGroupId ?? null,
      brandId: 364_000_000_001,
      ticketFormId: 366_000_000_001,
      tags: u(11) < 0.2 ? [product, 'priority-customer'] : [product],
      externalId: null,
      channel: channels[Math.floor(u(12) * channels.length)]!,
      createdAt,
      updatedAt,
      generatedTimestamp: updatedAt + Math.floor(u(13) * 120),
    });
  }
  const g = (i: number): number => groups[i]!.id;
  const ticketFields = config(
    [
      { type: 'subject', title: 'Subject', required: true, system: true },
      { type: 'description', title: 'Description', required: true, system: true },
      { type: 'status', title: 'Status', required: false, system: true },
      { type: 'tickettype', title: 'Type', required: false, system: true },
      { type: 'priority', title: 'Priority', required: false, system: true },
      { type: 'group', title: 'Group', required: false, system: true },
      { type: 'assignee', title: 'Assignee', required: true, system: true },
      { type: 'tagger', title: 'Bike model', required: false, options: ['Commuter', 'Cargo', 'Trail'] },
      { type: 'text', title: 'Serial number', required: false, regexp: '^[0-9]{2}-[0-9]{3}$' },
      { type: 'date', title: 'Purchase date', required: false },
    ],
    365_000_000_000,
    end,
  );
  const ticketForms = config(
    [
      { name: 'Default ticket form', default: true, end_user_visible: true, fields: [0, 1, 2, 3, 4, 5, 6] },
      { name: 'Warranty claim', default: false, end_user_visible: true, fields: [0, 1, 2, 6, 7, 8, 9] },
    ],
    366_000_000_000,
    end,
  );
  const brands = config(
    [
      { name: 'Lumen Bikes', subdomain, default: true },
      { name: 'Lumen Fleet', subdomain: `${subdomain}-fleet`, default: false },
    ],
    364_000_000_000,
    end,
  );
  const views = config(
    [
      {
        title: 'Your unsolved tickets',
        active: true,
        conditions: [
          ['assignee_id', 'is', 'current_user'],
          ['status', 'less_than', 'solved'],
        ],
      },
      {
        title: 'Unassigned tickets',
        active: true,
        conditions: [
          ['assignee_id', 'is', ''],
          ['status', 'less_than', 'solved'],
        ],
      },
      {
        title: 'Warranty queue',
        active: true,
        conditions: [['group_id', 'is', String(g(1))]],
        groupId: g(1),
      },
      { title: 'Recently solved (old)', active: false, conditions: [['status', 'is', 'solved']] },
    ],
    367_000_000_000,
    end,
  );
  const macros = config(
    [
      {
        title: 'Ask for serial number',
        active: true,
        actions: [['comment_value', 'Could you send the serial number of the frame?']],
      },
      {
        title: 'Escalate to warranty',
        active: true,
        actions: [
          ['group_id', String(g(1))],
          ['priority', 'high'],
        ],
      },
      {
        title: 'Close as duplicate',
        active: true,
        actions: [
          ['status', 'solved'],
          ['current_tags', 'duplicate'],
        ],
      },
      { title: 'Refund issued', active: false, actions: [['comment_value', 'We issued a refund today.']] },
    ],
    368_000_000_000,
    end,
  );
  const slaPolicies = config(
    [
      { title: 'Fleet accounts', description: 'Fleet customers get a faster first reply', tags: ['fleet'] },
      { title: 'Standard', description: 'Every other ticket', tags: [] },
    ],
    369_000_000_000,
    end,
  );
  return new ZendeskDataset(
    subdomain,
    tickets,
    users,
    organizations,
    groups,
    memberships,
    ratings,
    { ticketFields, ticketForms, brands, views, macros, slaPolicies },
    comments,
    attachments,
    archived,
  );
}
