import type { RouteContext } from './route-context';
import { invalidAttribute } from './zendesk-http-error';
import { paginate, type SortKey, wantsCursor } from './zendesk-pagination';
import { ticketJson } from './zendesk-records';
import type { ZendeskTicketRow } from './zendesk-rows';

// How the simulator's lists are ordered and paged: cursor `sort`, offset `sort_by`/`sort_order`.

/** Cursor `sort` values: `field` ascending, `-field` descending. */
function cursorSort<T>(
  ctx: RouteContext,
  rows: readonly T[],
  allowed: Record<string, (row: T) => number | string>,
  fallback: string,
  idOf: (row: T) => number,
): { rows: readonly T[]; sortKey: (row: T) => SortKey } {
  const raw = ctx.query.get('sort') ?? fallback;
  const desc = raw.startsWith('-');
  const field = desc ? raw.slice(1) : raw;
  const get = allowed[field];
  if (get === undefined)
    throw invalidAttribute(`sort is not valid: ${raw}. Valid values are ${Object.keys(allowed).join(', ')}`);
  const sign = desc ? -1 : 1;
  // Descending keys are negated (numbers) so one ascending comparison serves both directions.
  const sortKey = (row: T): SortKey => {
    const value = get(row);
    return typeof value === 'number'
      ? [sign * value, sign * idOf(row)]
      : [desc ? invert(value) : value, sign * idOf(row)];
  };
  if (raw === 'id') return { rows, sortKey };
  const sorted = [...rows].sort((a, b) => {
    const x = sortKey(a);
    const y = sortKey(b);
    return x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : (x[1] as number) - (y[1] as number);
  });
  return { rows: sorted, sortKey };
}

/** A string whose ascending order is the reverse of the input's (for descending text sorts). */
function invert(value: string): string {
  return [...value].map((c) => String.fromCharCode(0xffff - c.charCodeAt(0))).join('');
}

/** Offset `sort_by`/`sort_order` (ascending by default). */
export function offsetSort<T>(
  ctx: RouteContext,
  rows: readonly T[],
  allowed: Record<string, (row: T) => number | string | null>,
  idOf: (row: T) => number,
  defaultOrder: 'asc' | 'desc' = 'asc',
): readonly T[] {
  const by = ctx.query.get('sort_by');
  const order = ctx.query.get('sort_order') ?? defaultOrder;
  if (order !== 'asc' && order !== 'desc') throw invalidAttribute(`sort_order must be asc or desc`);
  if (by === null) return order === 'asc' ? rows : [...rows].reverse();
  const get = allowed[by];
  if (get === undefined) throw invalidAttribute(`sort_by is not valid: ${by}`);
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    if (x === y) return sign * (idOf(a) - idOf(b));
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x < y ? -1 : 1);
  });
}

const TICKET_SORTS: Record<string, (t: ZendeskTicketRow) => number | string> = {
  id: (t) => t.id,
  created_at: (t) => t.createdAt,
  updated_at: (t) => t.updatedAt,
  status: (t) => t.status,
};

export function ticketList(ctx: RouteContext, rows: readonly ZendeskTicketRow[]): unknown {
  const externalId = ctx.query.get('external_id');
  const filtered = externalId === null ? rows : rows.filter((t) => t.externalId === externalId);
  const users = ctx.data.userById;
  return sortedList(ctx, 'tickets', filtered, (t) => ticketJson(t, ctx.urls, ctx.data), {
    cursor: TICKET_SORTS,
    cursorFallback: 'id',
    offset: {
      id: (t) => t.id,
      created_at: (t) => t.createdAt,
      updated_at: (t) => t.updatedAt,
      status: (t) => t.status,
      subject: (t) => t.subject,
      assignee: (t) => t.assigneeId,
      'assignee.name': (t) => (t.assigneeId === null ? null : (users.get(t.assigneeId)?.name ?? null)),
      requester: (t) => t.requesterId,
      'requester.name': (t) => users.get(t.requesterId)?.name ?? null,
      group: (t) => t.groupId,
    },
  });
}

/** How a list served both ways may be sorted: `sort` under cursor paging, `sort_by` under offset. */
interface ListSorts<T> {
  cursor: Record<string, (row: T) => number | string>;
  /** The `sort` when the request gives none. */
  cursorFallback: string;
  offset: Record<string, (row: T) => number | string | null>;
}

/** A list with cursor paging in the `sort` order, or offset paging in the `sort_by` order. */
export function sortedList<T extends { id: number }>(
  ctx: RouteContext,
  key: string,
  rows: readonly T[],
  render: (row: T) => unknown,
  sorts: ListSorts<T>,
): unknown {
  if (wantsCursor(ctx.url)) {
    const sorted = cursorSort(ctx, rows, sorts.cursor, sorts.cursorFallback, (row) => row.id);
    return paginate(ctx.list, sorted.rows, {
      key,
      render,
      sortKey: sorted.sortKey,
      cursor: true,
      offset: true,
    });
  }
  const sorted = offsetSort(ctx, rows, sorts.offset, (row) => row.id);
  return paginate(ctx.list, sorted, {
    key,
    render,
    sortKey: (row) => [row.id],
    cursor: false,
    offset: true,
  });
}

export function simpleList<T extends { id: number }>(
  ctx: RouteContext,
  key: string,
  rows: readonly T[],
  render: (row: T) => unknown,
  options: { cursor?: boolean; offset?: boolean } = {},
): unknown {
  return paginate(ctx.list, rows, {
    key,
    render,
    sortKey: (row) => [row.id],
    cursor: options.cursor ?? true,
    offset: options.offset ?? true,
  });
}
