import type { ZendeskDataset } from './zendesk-dataset';
import { invalidAttribute, ZendeskHttpError } from './zendesk-http-error';
import type { ZendeskTicketRow } from './zendesk-rows';

/** A search hit before rendering. */
export type SearchHit =
  | { type: 'ticket'; row: ZendeskTicketRow }
  | {
      type: 'user' | 'organization' | 'group';
      row: { id: number; name: string; createdAt: number; updatedAt: number } & Record<string, unknown>;
    };

interface Term {
  negate: boolean;
  keyword: string | undefined;
  operator: ':' | '<' | '>' | '<=' | '>=';
  value: string;
}

const STATUS_ORDER = ['new', 'open', 'pending', 'hold', 'solved', 'closed'];
const PRIORITY_ORDER = ['low', 'normal', 'high', 'urgent'];
const UNITS: Record<string, number> = {
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  year: 31_536_000,
};
const TERM = /(-?)(?:([a-z_]+)(:|<=|>=|<|>)("[^"]*"|\S+)|"([^"]*)"|(\S+))/gi;

function parseQuery(query: string): Term[] {
  const terms: Term[] = [];
  for (const match of query.matchAll(TERM)) {
    const [, negate, keyword, operator, value, phrase, word] = match;
    if (keyword !== undefined) {
      terms.push({
        negate: negate === '-',
        keyword: keyword.toLowerCase(),
        operator: operator as Term['operator'],
        value: (value ?? '').replace(/^"|"$/g, ''),
      });
    } else {
      terms.push({ negate: negate === '-', keyword: undefined, operator: ':', value: phrase ?? word ?? '' });
    }
  }
  return terms;
}

/** A date value: `2024-01-01`, an ISO timestamp, or relative (`24hours`, `2days`). Epoch seconds. */
function dateValue(value: string, nowSeconds: number): number {
  const relative = /^(\d+)(minute|hour|day|week|month|year)s?$/i.exec(value);
  if (relative !== null)
    return nowSeconds - Number(relative[1]) * (UNITS[(relative[2] as string).toLowerCase()] ?? 0);
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed))
    throw new ZendeskHttpError(422, {
      error: 'invalid',
      description: `Invalid search: could not parse date ${value}`,
    });
  return Math.floor(parsed / 1000);
}

function compare(actual: number, operator: Term['operator'], expected: number): boolean {
  switch (operator) {
    case '<':
      return actual < expected;
    case '>':
      return actual > expected;
    case '<=':
      return actual <= expected;
    case '>=':
      return actual >= expected;
    default:
      return actual === expected;
  }
}

function ordered(order: readonly string[], actual: string | null, term: Term): boolean {
  if (actual === null) return term.value === 'none' && term.operator === ':';
  const a = order.indexOf(actual);
  const e = order.indexOf(term.value.toLowerCase());
  if (e < 0) return false;
  return compare(a, term.operator, e);
}

function textOf(hit: SearchHit): string {
  if (hit.type === 'ticket')
    return `${hit.row.subject} ${hit.row.description} ${hit.row.tags.join(' ')}`.toLowerCase();
  return `${hit.row.name} ${String(hit.row.email ?? '')} ${String(hit.row.description ?? '')}`.toLowerCase();
}

/**
 * Runs a Zendesk search query (`shared/reference/support-desk-upstream.md` §5.1) over tickets,
 * users, organizations and groups: `type:`, `status:`/`status<`, `priority>`, `ticket_type:`,
 * `created>`/`updated<` (absolute and relative), `tags:`/`-tags:`, `assignee:`/`requester:`
 * (id, email, `me`, `none`), `organization:`, `group:`, `subject:`, `description:`, quoted
 * phrases, bare words and ids. Values of the same keyword OR together; everything else ANDs.
 *
 * @example
 * ```ts
 * runSearch(data, 'type:ticket status<solved tags:battery', meId);
 * ```
 */
export function runSearch(data: ZendeskDataset, query: string, meId: number): SearchHit[] {
  const terms = parseQuery(query);
  const now = data.nowSeconds();
  const types = terms.filter((t) => t.keyword === 'type').map((t) => t.value.toLowerCase());
  for (const type of types) {
    if (!['ticket', 'user', 'organization', 'group'].includes(type))
      throw invalidAttribute(`Invalid search: unknown type ${type}`);
  }
  const wants = (type: string): boolean => types.length === 0 || types.includes(type);
  const candidates: SearchHit[] = [];
  if (wants('ticket')) for (const row of data.liveTickets()) candidates.push({ type: 'ticket', row });
  if (wants('user')) for (const row of data.users) candidates.push({ type: 'user', row: { ...row } });
  if (wants('organization'))
    for (const row of data.organizations) candidates.push({ type: 'organization', row: { ...row } });
  if (wants('group')) for (const row of data.groups) candidates.push({ type: 'group', row: { ...row } });

  const person = (value: string): number | null | undefined => {
    if (value === 'me') return meId;
    if (value === 'none') return null;
    if (/^\d+$/.test(value)) return Number(value);
    return data.users.find(
      (u) => u.email.toLowerCase() === value.toLowerCase() || u.name.toLowerCase() === value.toLowerCase(),
    )?.id;
  };
  const test = (hit: SearchHit, term: Term): boolean => {
    const key = term.keyword;
    const value = term.value.toLowerCase();
    if (key === undefined) {
      if (/^\d+$/.test(value)) return hit.row.id === Number(value);
      return textOf(hit).includes(value);
    }
    if (key === 'created' || key === 'updated') {
      return compare(
        key === 'created' ? hit.row.createdAt : hit.row.updatedAt,
        term.operator,
        dateValue(term.value, now),
      );
    }
    if (key === 'tags' || key === 'tag') {
      const tags = (hit.row as { tags?: string[] }).tags ?? [];
      return tags.includes(value);
    }
    if (key === 'name') return hit.type !== 'ticket' && hit.row.name.toLowerCase().includes(value);
    if (hit.type !== 'ticket') return false;
    const ticket = hit.row;
    switch (key) {
      case 'status':
        return ordered(STATUS_ORDER, ticket.status, term);
      case 'priority':
        return ordered(PRIORITY_ORDER, ticket.priority, term);
      case 'ticket_type':
        return ticket.type === value;
      case 'assignee':
        return ticket.assigneeId === person(value);
      case 'requester':
        return ticket.requesterId === person(value);
      case 'submitter':
        return ticket.submitterId === person(value);
      case 'organization': {
        const org = data.organizations.find((o) => o.name.toLowerCase() === value || String(o.id) === value);
        return value === 'none' ? ticket.organizationId === null : ticket.organizationId === org?.id;
      }
      case 'group': {
        const group = data.groups.find((g) => g.name.toLowerCase() === value || String(g.id) === value);
        return value === 'none' ? ticket.groupId === null : ticket.groupId === group?.id;
      }
      case 'subject':
        return ticket.subject.toLowerCase().includes(value);
      case 'description':
        return ticket.description.toLowerCase().includes(value);
      case 'via':
        return ticket.channel === value;
      default:
        return false;
    }
  };
  // Terms with the same keyword OR together; different keywords (and bare words) AND.
  const groups = new Map<string, Term[]>();
  terms.forEach((term, index) => {
    if (term.keyword === 'type') return;
    const key = term.keyword === undefined || term.negate ? `#${index}` : `${term.keyword}${term.operator}`;
    groups.set(key, [...(groups.get(key) ?? []), term]);
  });
  return candidates.filter((hit) =>
    [...groups.values()].every((alternatives) =>
      alternatives.some((term) => (term.negate ? !test(hit, { ...term, negate: false }) : test(hit, term))),
    ),
  );
}
