import type { ZendeskDataset } from './zendesk-dataset';
import {
  invalidAttribute,
  invalidValue,
  notFound,
  ZENDESK_ERRORS,
  ZendeskHttpError,
} from './zendesk-http-error';
import { type ListRequest, paginate, type SortKey, wantsCursor } from './zendesk-pagination';
import type { RateBucket } from './zendesk-rate-limiter';
import {
  attachmentRecord,
  auditRecords,
  CONFIG_RECORDS,
  commentRecord,
  groupRecord,
  isoSeconds,
  metricRecord,
  organizationRecord,
  type RecordUrls,
  satisfactionRecord,
  ticketIdOfMetric,
  ticketJson,
  ticketRecord,
  userRecord,
} from './zendesk-records';
import type { ZendeskConfigRow, ZendeskTicketRow } from './zendesk-rows';
import { runSearch, type SearchHit } from './zendesk-search';

/** What a route handler gets. */
export interface RouteContext {
  data: ZendeskDataset;
  params: Record<string, string>;
  url: URL;
  query: URLSearchParams;
  urls: RecordUrls;
  list: ListRequest;
  /** The authenticated user. */
  meId: number;
  /** Records changed in the last `exportDelaySeconds` are withheld from incremental exports. */
  exportDelaySeconds: number;
}

/** One served operation. */
export interface ZendeskRoute {
  template: string;
  /** OAuth resource scope that covers it (`tickets:read`, `users:read`, ...); `read` covers all. */
  resource: 'tickets' | 'users' | 'organizations' | 'other';
  adminOnly?: boolean;
  bucket?: RateBucket;
  /** List endpoints carry the `ratelimit-*` headers. */
  list?: boolean;
  handler(ctx: RouteContext): unknown;
}

function id(ctx: RouteContext, name: string): number {
  const raw = ctx.params[name] ?? '';
  if (!/^\d+$/.test(raw)) throw notFound();
  return Number(raw);
}

function bool(ctx: RouteContext, name: string): boolean | undefined {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw invalidAttribute(
    `You passed an invalid value for the ${name} attribute. Invalid parameter: ${name} must be a boolean`,
  );
}

function liveTicket(ctx: RouteContext, name = 'ticket_id'): ZendeskTicketRow {
  const ticket = ctx.data.ticket(id(ctx, name));
  if (ticket === undefined) throw notFound();
  return ticket;
}

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
function offsetSort<T>(
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

function byId<T extends { id: number }>(rows: readonly T[], wanted: number): T {
  const row = rows.find((r) => r.id === wanted);
  if (row === undefined) throw notFound();
  return row;
}

const TICKET_SORTS: Record<string, (t: ZendeskTicketRow) => number | string> = {
  id: (t) => t.id,
  created_at: (t) => t.createdAt,
  updated_at: (t) => t.updatedAt,
  status: (t) => t.status,
};

function ticketList(ctx: RouteContext, rows: readonly ZendeskTicketRow[]): unknown {
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
function sortedList<T extends { id: number }>(
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

function simpleList<T extends { id: number }>(
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

/** The config collections the simulator serves (`views`, `macros`, ...). */
type ConfigKey = keyof typeof CONFIG_RECORDS;

/** How a config record is rendered; `position` is its 1-based place in the collection served. */
type ConfigRender = (
  row: ZendeskConfigRow,
  urls: RecordUrls,
  position: number,
  data: ZendeskDataset,
) => unknown;

function configRenderer(key: ConfigKey): ConfigRender {
  return CONFIG_RECORDS[key] as ConfigRender;
}

function configList(
  ctx: RouteContext,
  key: ConfigKey,
  rows: readonly ZendeskConfigRow[],
  cursor = true,
  offset = true,
  all: readonly ZendeskConfigRow[] = rows,
): unknown {
  const render = configRenderer(key);
  // A record's position is its place in the whole collection, whatever a request filters out.
  const position = new Map(all.map((row, index) => [row.id, index + 1]));
  return paginate(ctx.list, rows, {
    key,
    render: (row) => render(row, ctx.urls, position.get(row.id) ?? 0, ctx.data),
    sortKey: (row) => [row.id],
    cursor,
    offset,
  });
}

/**
 * The `sort_by` values of views and macros under offset pagination, with the order each takes
 * when `sort_order` is not given: ascending for alphabetical and position, descending for the
 * others (shared/specs/zendesk/ticketing.yaml, ListViews and MacroSortBy).
 */
const CONFIG_ORDERS: Record<
  'views' | 'macros',
  { fallback: string; fields: Record<string, (row: ZendeskConfigRow, position: number) => number | string> }
> = {
  views: {
    fallback: 'position',
    fields: {
      alphabetical: (row) => String(row.title),
      created_at: (row) => row.createdAt,
      updated_at: (row) => row.updatedAt,
      position: (_row, position) => position,
    },
  },
  macros: {
    fallback: 'alphabetical',
    fields: {
      alphabetical: (row) => String(row.title),
      created_at: (row) => row.createdAt,
      updated_at: (row) => row.updatedAt,
      // No macro is ever applied in the simulator, so every usage count is 0 (ties go by id).
      usage_1h: () => 0,
      usage_24h: () => 0,
      usage_7d: () => 0,
      usage_30d: () => 0,
    },
  },
};

/** A view's or macro's access: `account` unrestricted, `shared` restricted to a group. */
function accessOf(row: ZendeskConfigRow): 'account' | 'shared' {
  return row.groupId === undefined ? 'account' : 'shared';
}

/**
 * Views and macros: `active=true|false` keeps only those, `access` and `group_id` those so
 * restricted, and (macros) `only_viewable=true` those that can be applied (the active ones) and
 * `category` those of that category (the simulator's macros have none). Offset pages are ordered
 * by `sort_by`/`sort_order`; cursor pages by creation, as Zendesk's are.
 */
function activeConfigList(
  ctx: RouteContext,
  key: 'views' | 'macros',
  rows: readonly ZendeskConfigRow[],
): unknown {
  const active = bool(ctx, 'active');
  const viewable = bool(ctx, 'only_viewable');
  const access = ctx.query.get('access');
  const group = ctx.query.get('group_id');
  const category = ctx.query.get('category');
  if (group !== null && !/^\d+$/.test(group)) throw invalidAttribute('group_id must be an integer');
  if (category !== null && !/^\d+$/.test(category)) throw invalidAttribute('category must be an integer');
  const kept = rows.filter(
    (row) =>
      (active === undefined || row.active === active) &&
      (viewable !== true || row.active === true) &&
      (access === null || accessOf(row) === access) &&
      (group === null || row.groupId === Number(group)) &&
      category === null,
  );
  if (wantsCursor(ctx.url)) return configList(ctx, key, kept, true, true, rows);
  const orders = CONFIG_ORDERS[key];
  const by = ctx.query.get('sort_by') ?? orders.fallback;
  const field = orders.fields[by];
  if (field === undefined) {
    throw invalidAttribute(`sort_by must be one of ${Object.keys(orders.fields).join(', ')}`);
  }
  const order = ctx.query.get('sort_order') ?? (by === 'alphabetical' || by === 'position' ? 'asc' : 'desc');
  if (order !== 'asc' && order !== 'desc') throw invalidAttribute('sort_order must be asc or desc');
  const position = new Map(rows.map((row, index) => [row.id, index + 1]));
  const value = (row: ZendeskConfigRow) => field(row, position.get(row.id) ?? 0);
  const sign = order === 'asc' ? 1 : -1;
  const sorted = [...kept].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return x === y ? a.id - b.id : sign * (x < y ? -1 : 1);
  });
  return configList(ctx, key, sorted, false, true, rows);
}

function configGet(
  ctx: RouteContext,
  key: ConfigKey,
  single: string,
  rows: readonly ZendeskConfigRow[],
  param: string,
): unknown {
  const render = configRenderer(key);
  const row = byId(rows, id(ctx, param));
  return { [single]: render(row, ctx.urls, rows.indexOf(row) + 1, ctx.data) };
}

/** A config collection's list route and its `{single}_id` record route (`/views`, `/views/{view_id}`). */
function configRoutes(options: {
  template: string;
  key: ConfigKey;
  /** The record's JSON key (`view`); its id parameter is `{single}_id`. */
  single: string;
  rowsOf(data: ZendeskDataset): readonly ZendeskConfigRow[];
  adminOnly?: boolean;
  list(ctx: RouteContext, key: ConfigKey, rows: readonly ZendeskConfigRow[]): unknown;
}): ZendeskRoute[] {
  const { template, key, single, rowsOf, list } = options;
  const access = options.adminOnly === true ? { adminOnly: true } : {};
  return [
    {
      template,
      resource: 'other',
      ...access,
      list: true,
      handler: (ctx) => list(ctx, key, rowsOf(ctx.data)),
    },
    {
      template: `${template}/{${single}_id}`,
      resource: 'other',
      ...access,
      handler: (ctx) => configGet(ctx, key, single, rowsOf(ctx.data), `${single}_id`),
    },
  ];
}

function epochParam(ctx: RouteContext, name: string): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw invalidValue(`${name} must be an integer (Unix epoch seconds)`);
  return Number(raw);
}

function exportCursor(ts: number, rowId: number): string {
  return Buffer.from(`${ts}.0||${rowId}|`).toString('base64');
}

function readExportCursor(token: string): [number, number] {
  const match = /^(\d+)\.0\|\|(-?\d+)\|$/.exec(Buffer.from(token, 'base64').toString('utf8'));
  if (match === null) throw invalidValue('cursor is invalid');
  return [Number(match[1]), Number(match[2])];
}

function perPage(ctx: RouteContext, fallback: number, max: number): number {
  const raw = ctx.query.get('per_page');
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw invalidAttribute('per_page must be a positive integer');
  return Math.min(max, Number(raw));
}

/** Records changed after this (epoch seconds) are withheld from incremental exports. */
function exportHorizon(ctx: RouteContext): number {
  return ctx.data.nowSeconds() - ctx.exportDelaySeconds;
}

/** An export's first `start_time`: required, and old enough to be past the withheld minute. */
function checkedStartTime(startTime: number | undefined, horizon: number): number {
  if (startTime === undefined) throw invalidValue('start_time is required');
  if (startTime > horizon) throw invalidValue('Too recent start_time. Use a start_time older than 1 minute');
  return startTime;
}

/** What an incremental export serves: `rows` in `stamp` order under `key`, at `{api}/{path}.json`. */
interface ExportFeed<T> {
  key: string;
  rows: readonly T[];
  stamp(row: T): number;
  render(row: T): unknown;
  path: string;
}

/** Cursor-based incremental export over rows with an export timestamp (§4.4). */
function cursorExport<T extends { id: number }>(
  ctx: RouteContext,
  { key, rows, stamp, render, path }: ExportFeed<T>,
): unknown {
  const cursor = ctx.query.get('cursor');
  const startTime = epochParam(ctx, 'start_time');
  const horizon = exportHorizon(ctx);
  const after: [number, number] =
    cursor === null ? [checkedStartTime(startTime, horizon), -1] : readExportCursor(cursor);
  const size = perPage(ctx, 1000, 1000);
  const page: T[] = [];
  let more = false;
  // Rows are in (stamp, id) order: binary search to the cursor, then walk.
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const row = rows[mid] as T;
    const s = stamp(row);
    if (s < after[0] || (s === after[0] && row.id <= after[1])) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < rows.length; i += 1) {
    const row = rows[i] as T;
    if (stamp(row) > horizon) break;
    if (page.length === size) {
      more = true;
      break;
    }
    page.push(row);
  }
  const last = page.at(-1);
  const first = page[0];
  const afterCursor =
    last === undefined ? exportCursor(after[0], after[1]) : exportCursor(stamp(last), last.id);
  const beforeCursor =
    cursor === null || first === undefined ? null : exportCursor(stamp(first), first.id - 1);
  const base = `${ctx.urls.api}/${path}.json`;
  return {
    [key]: page.map(render),
    after_cursor: afterCursor,
    after_url: `${base}?cursor=${encodeURIComponent(afterCursor)}`,
    before_cursor: beforeCursor,
    before_url: beforeCursor === null ? null : `${base}?cursor=${encodeURIComponent(beforeCursor)}`,
    end_of_stream: !more,
  };
}

/** Time-based incremental export: `end_time` is the next `start_time`; duplicates are allowed. */
function timeExport<T extends { id: number }>(
  ctx: RouteContext,
  { key, rows, stamp, render, path }: ExportFeed<T>,
): unknown {
  const horizon = exportHorizon(ctx);
  const startTime = checkedStartTime(epochParam(ctx, 'start_time'), horizon);
  const size = perPage(ctx, 1000, 1000);
  const eligible = rows
    .filter((row) => stamp(row) >= startTime && stamp(row) <= horizon)
    .sort((a, b) => stamp(a) - stamp(b) || a.id - b.id);
  const page = eligible.slice(0, size);
  const endTime = page.length === 0 ? startTime : stamp(page.at(-1) as T);
  const endOfStream = page.length < size;
  return {
    [key]: page.map(render),
    count: page.length,
    end_time: endTime,
    next_page: endOfStream ? null : `${ctx.urls.api}/${path}.json?start_time=${endTime}`,
    end_of_stream: endOfStream,
  };
}

/**
 * The feed of a ticket export: tickets by `generated_timestamp`, rendered as `/tickets` renders
 * them, soft-deleted ones too unless `exclude_deleted=true`.
 */
function ticketFeed(
  ctx: RouteContext,
  rows: readonly ZendeskTicketRow[],
  path: string,
): ExportFeed<ZendeskTicketRow> {
  const exclude = bool(ctx, 'exclude_deleted') ?? false;
  return {
    key: 'tickets',
    rows: exclude ? rows.filter((t) => t.deleted === undefined) : rows,
    stamp: (t) => t.generatedTimestamp,
    render: (t) => ticketJson(t, ctx.urls, ctx.data),
    path,
  };
}

function searchResult(hit: SearchHit, ctx: RouteContext): Record<string, unknown> {
  switch (hit.type) {
    case 'ticket':
      return { ...ticketRecord(hit.row, ctx.urls, ctx.data), result_type: 'ticket' };
    case 'user':
      return { ...userRecord(ctx.data.userById.get(hit.row.id)!, ctx.urls), result_type: 'user' };
    case 'organization':
      return {
        ...organizationRecord(byId(ctx.data.organizations, hit.row.id), ctx.urls),
        result_type: 'organization',
      };
    default:
      return { ...groupRecord(byId(ctx.data.groups, hit.row.id), ctx.urls), result_type: 'group' };
  }
}

function showMany<T>(ctx: RouteContext, lookup: (id: number) => T | undefined): T[] {
  const ids = (ctx.query.get('ids') ?? '').split(',').filter((part) => part !== '');
  if (ids.length > 100) throw invalidAttribute('ids: no more than 100 ids per request');
  return ids.flatMap((raw) => {
    const row = /^\d+$/.test(raw) ? lookup(Number(raw)) : undefined;
    return row === undefined ? [] : [row];
  });
}

/**
 * Every served operation (GET, under `/api/v2`, with or without `.json`), written from the
 * reference's operation map (§2.1) and the official spec's paths.
 *
 * @example
 * ```ts
 * ZENDESK_ROUTES.map((route) => route.template); // ['/tickets', '/tickets/show_many', ...]
 * ```
 */
export const ZENDESK_ROUTES: readonly ZendeskRoute[] = [
  {
    template: '/tickets',
    resource: 'tickets',
    list: true,
    handler: (ctx) => ticketList(ctx, ctx.data.liveTickets()),
  },
  {
    template: '/tickets/show_many',
    resource: 'tickets',
    handler: (ctx) => ({
      tickets: showMany(ctx, (n) => ctx.data.ticket(n)).map((t) => ticketJson(t, ctx.urls, ctx.data)),
    }),
  },
  {
    template: '/tickets/count',
    resource: 'tickets',
    handler: (ctx) => {
      const count = ctx.data.ticketCount();
      return {
        count: {
          value: count.value,
          refreshed_at: count.refreshedAt === null ? null : isoSeconds(count.refreshedAt),
        },
      };
    },
  },
  {
    template: '/tickets/{ticket_id}',
    resource: 'tickets',
    handler: (ctx) => ({ ticket: ticketJson(liveTicket(ctx), ctx.urls, ctx.data) }),
  },
  {
    template: '/tickets/{ticket_id}/comments',
    resource: 'tickets',
    list: true,
    handler: (ctx) => {
      const ticket = liveTicket(ctx);
      const inline = bool(ctx, 'include_inline_images') ?? false;
      return sortedList(
        ctx,
        'comments',
        ctx.data.commentsOf(ticket),
        (c) => commentRecord(c, ctx.urls, ctx.data, inline),
        { cursor: { created_at: (c) => c.createdAt }, cursorFallback: 'created_at', offset: {} },
      );
    },
  },
  {
    template: '/tickets/{ticket_id}/audits',
    resource: 'tickets',
    list: true,
    handler: (ctx) => {
      const ticket = liveTicket(ctx);
      const audits = auditRecords(ticket, ctx.urls, ctx.data);
      if (ctx.data.archived.has(ticket.id))
        return { audits, next_page: null, previous_page: null, count: audits.length };
      return paginate(ctx.list, audits, {
        key: 'audits',
        render: (a) => a,
        sortKey: (a) => [a.id as number],
        cursor: true,
        offset: true,
      });
    },
  },
  {
    template: '/tickets/{ticket_id}/tags',
    resource: 'tickets',
    handler: (ctx) => ({ tags: liveTicket(ctx).tags }),
  },
  {
    template: '/ticket_audits',
    resource: 'tickets',
    adminOnly: true,
    list: true,
    handler: (ctx) => {
      // Newest first; the cursor is the position of the last ticket and audit served.
      const size = Math.min(100, Number(ctx.query.get('page[size]') ?? ctx.query.get('limit') ?? 100) || 100);
      const afterRaw = ctx.query.get('page[after]');
      const beforeRaw = ctx.query.get('page[before]');
      if (beforeRaw !== null)
        throw invalidAttribute('page[before] is not supported by the simulator on /ticket_audits');
      const after =
        afterRaw === null ? undefined : Number(Buffer.from(afterRaw, 'base64url').toString('utf8'));
      if (after !== undefined && !Number.isFinite(after))
        throw invalidAttribute('page[after] is not a valid cursor');
      const tickets = ctx.data.liveTickets();
      const audits: Array<Record<string, unknown>> = [];
      let more = false;
      for (let i = tickets.length - 1; i >= 0; i -= 1) {
        const ticket = tickets[i] as ZendeskTicketRow;
        const list = auditRecords(ticket, ctx.urls, ctx.data).reverse();
        for (const audit of list) {
          if (after !== undefined && (audit.id as number) >= after) continue;
          if (audits.length === size) {
            more = true;
            break;
          }
          audits.push(audit);
        }
        if (more) break;
      }
      const last = audits.at(-1);
      const first = audits[0];
      const afterCursor =
        more && last !== undefined ? Buffer.from(String(last.id)).toString('base64url') : null;
      const beforeCursor =
        after !== undefined && first !== undefined
          ? Buffer.from(String(first.id)).toString('base64url')
          : null;
      const base = `${ctx.urls.api}/ticket_audits.json?page%5Bsize%5D=${size}`;
      return {
        audits,
        after_cursor: afterCursor,
        after_url: afterCursor === null ? null : `${base}&page%5Bafter%5D=${afterCursor}`,
        before_cursor: beforeCursor,
        before_url: beforeCursor === null ? null : `${base}&page%5Bbefore%5D=${beforeCursor}`,
      };
    },
  },
  {
    template: '/ticket_metrics',
    resource: 'tickets',
    list: true,
    handler: (ctx) => {
      // Newest ticket first (reference §2.1). Ids do not follow creation (the sandbox's tickets
      // are older than generated ones), and cursors seek by this key: the rows are sorted by it.
      const newestFirst = [...ctx.data.liveTickets()].sort(
        (a, b) => b.createdAt - a.createdAt || b.id - a.id,
      );
      return paginate(ctx.list, newestFirst, {
        key: 'ticket_metrics',
        render: (t) => metricRecord(t, ctx.urls, ctx.data),
        sortKey: (t) => [-t.createdAt, -t.id],
        cursor: true,
        offset: true,
      });
    },
  },
  {
    template: '/ticket_metrics/{ticket_metric_id}',
    resource: 'tickets',
    handler: (ctx) => {
      const raw = id(ctx, 'ticket_metric_id');
      // The id may be a metric's or, as the reference notes, a ticket's.
      const ticket = ctx.data.ticket(ticketIdOfMetric(raw)) ?? ctx.data.ticket(raw);
      if (ticket === undefined) throw notFound();
      return { ticket_metric: metricRecord(ticket, ctx.urls, ctx.data) };
    },
  },
  ...configRoutes({
    template: '/ticket_fields',
    key: 'ticket_fields',
    single: 'ticket_field',
    rowsOf: (data) => data.config.ticketFields,
    // Without params: every field ordered by position; with cursor params: by id.
    list: (ctx, key, rows) => configList(ctx, key, rows, true, false),
  }),
  ...configRoutes({
    template: '/ticket_forms',
    key: 'ticket_forms',
    single: 'ticket_form',
    rowsOf: (data) => data.config.ticketForms,
    list: (ctx, key, rows) => {
      const active = bool(ctx, 'active');
      const visible = bool(ctx, 'end_user_visible');
      const shown = rows.filter((f) => visible === undefined || f.end_user_visible === visible);
      const out = configList(ctx, key, active === false ? [] : shown, false, false) as Record<
        string,
        unknown
      >;
      return { ticket_forms: out.ticket_forms };
    },
  }),
  ...configRoutes({
    template: '/brands',
    key: 'brands',
    single: 'brand',
    rowsOf: (data) => data.config.brands,
    list: (ctx, key, rows) =>
      configList(
        ctx,
        key,
        [...rows].sort((a, b) => String(a.name).localeCompare(String(b.name))),
      ),
  }),
  {
    template: '/tags',
    resource: 'tickets',
    list: true,
    handler: (ctx) =>
      paginate(ctx.list, ctx.data.tags(), {
        key: 'tags',
        render: (t) => t,
        sortKey: (t) => [-t.count, t.name],
        cursor: true,
        offset: true,
      }),
  },
  {
    template: '/users',
    resource: 'users',
    list: true,
    handler: (ctx) => {
      const roles = [...ctx.query.getAll('role'), ...ctx.query.getAll('role[]')];
      for (const role of roles) {
        if (!['end-user', 'agent', 'admin'].includes(role))
          throw invalidAttribute(`role is not valid: ${role}`);
      }
      const externalId = ctx.query.get('external_id');
      const rows = ctx.data.users.filter(
        (u) => (roles.length === 0 || roles.includes(u.role)) && (externalId === null || externalId === ''),
      );
      return simpleList(ctx, 'users', rows, (u) => userRecord(u, ctx.urls));
    },
  },
  {
    template: '/users/me',
    resource: 'users',
    handler: (ctx) => ({ user: userRecord(ctx.data.userById.get(ctx.meId)!, ctx.urls) }),
  },
  {
    template: '/users/show_many',
    resource: 'users',
    handler: (ctx) => ({
      users: showMany(ctx, (n) => ctx.data.userById.get(n)).map((u) => userRecord(u, ctx.urls)),
    }),
  },
  {
    template: '/users/{user_id}',
    resource: 'users',
    handler: (ctx) => {
      const user = ctx.data.userById.get(id(ctx, 'user_id'));
      if (user === undefined) throw notFound();
      return { user: userRecord(user, ctx.urls) };
    },
  },
  {
    template: '/organizations',
    resource: 'organizations',
    list: true,
    handler: (ctx) =>
      simpleList(ctx, 'organizations', ctx.data.organizations, (o) => organizationRecord(o, ctx.urls)),
  },
  {
    template: '/organizations/{organization_id}',
    resource: 'organizations',
    handler: (ctx) => ({
      organization: organizationRecord(byId(ctx.data.organizations, id(ctx, 'organization_id')), ctx.urls),
    }),
  },
  {
    template: '/groups',
    resource: 'other',
    list: true,
    handler: (ctx) => {
      bool(ctx, 'exclude_deleted');
      return simpleList(ctx, 'groups', ctx.data.groups, (g) => groupRecord(g, ctx.urls));
    },
  },
  {
    template: '/groups/{group_id}',
    resource: 'other',
    handler: (ctx) => ({ group: groupRecord(byId(ctx.data.groups, id(ctx, 'group_id')), ctx.urls) }),
  },
  {
    template: '/group_memberships',
    resource: 'other',
    list: true,
    handler: (ctx) =>
      simpleList(ctx, 'group_memberships', ctx.data.groupMemberships, (m) => ({
        url: `${ctx.urls.api}/group_memberships/${m.id}.json`,
        id: m.id,
        user_id: m.userId,
        group_id: m.groupId,
        default: m.default,
        created_at: isoSeconds(m.createdAt),
        updated_at: isoSeconds(m.createdAt),
      })),
  },
  {
    template: '/organization_memberships',
    resource: 'organizations',
    list: true,
    handler: (ctx) => {
      const members = ctx.data.users.filter((u) => u.organizationId !== null);
      const base = 372_000_000_000;
      return simpleList(ctx, 'organization_memberships', members, (u) => ({
        url: `${ctx.urls.api}/organization_memberships/${base + (u.id % 1_000_000)}.json`,
        id: base + (u.id % 1_000_000),
        user_id: u.id,
        organization_id: u.organizationId,
        organization_name: ctx.data.organizations.find((o) => o.id === u.organizationId)?.name ?? null,
        default: true,
        view_tickets: false,
        created_at: isoSeconds(u.createdAt),
        updated_at: isoSeconds(u.createdAt),
      }));
    },
  },
  {
    template: '/attachments/{attachment_id}',
    resource: 'tickets',
    handler: (ctx) => {
      const attachment = ctx.data.attachmentById.get(id(ctx, 'attachment_id'));
      if (attachment === undefined || ctx.data.ticket(attachment.ticketId) === undefined) throw notFound();
      return { attachment: attachmentRecord(attachment, ctx.urls) };
    },
  },
  {
    template: '/satisfaction_ratings',
    resource: 'other',
    adminOnly: true,
    list: true,
    handler: (ctx) => {
      const score = ctx.query.get('score');
      const start = epochParam(ctx, 'start_time');
      const end = epochParam(ctx, 'end_time');
      const scores: Record<string, readonly string[]> = {
        offered: ['offered'],
        unoffered: [],
        received: ['good', 'bad'],
        good: ['good'],
        bad: ['bad'],
        received_with_comment: ['good', 'bad'],
        received_without_comment: ['good', 'bad'],
        good_with_comment: ['good'],
        good_without_comment: ['good'],
        bad_with_comment: ['bad'],
        bad_without_comment: ['bad'],
      };
      if (score !== null && scores[score] === undefined)
        throw invalidAttribute(`score is not valid: ${score}`);
      const rows = ctx.data.satisfactionRatings.filter(
        (r) =>
          (score === null || (scores[score] ?? []).includes(r.score)) &&
          (start === undefined || r.createdAt >= start) &&
          (end === undefined || r.createdAt <= end) &&
          ctx.data.ticket(r.ticketId) !== undefined,
      );
      return simpleList(ctx, 'satisfaction_ratings', rows, (r) => satisfactionRecord(r, ctx.urls, ctx.data));
    },
  },
  {
    template: '/satisfaction_ratings/{satisfaction_rating_id}',
    resource: 'other',
    adminOnly: true,
    handler: (ctx) => ({
      satisfaction_rating: satisfactionRecord(
        byId(ctx.data.satisfactionRatings, id(ctx, 'satisfaction_rating_id')),
        ctx.urls,
        ctx.data,
      ),
    }),
  },
  ...configRoutes({
    template: '/views',
    key: 'views',
    single: 'view',
    rowsOf: (data) => data.config.views,
    list: (ctx, _key, rows) => activeConfigList(ctx, 'views', rows),
  }),
  ...configRoutes({
    template: '/macros',
    key: 'macros',
    single: 'macro',
    rowsOf: (data) => data.config.macros,
    list: (ctx, _key, rows) => activeConfigList(ctx, 'macros', rows),
  }),
  ...configRoutes({
    template: '/slas/policies',
    key: 'sla_policies',
    single: 'sla_policy',
    rowsOf: (data) => data.config.slaPolicies,
    adminOnly: true,
    list: (ctx, key, rows) => configList(ctx, key, rows, false, false),
  }),
  {
    template: '/deleted_tickets',
    resource: 'tickets',
    bucket: 'deleted_tickets',
    list: true,
    handler: (ctx) => {
      const horizon = ctx.data.nowSeconds() - 30 * 86_400;
      const rows = ctx.data.tickets.filter((t) => t.deleted !== undefined && t.deleted.at >= horizon);
      const render = (t: ZendeskTicketRow) => ({
        id: t.id,
        subject: t.subject,
        description: t.description,
        actor: { id: t.deleted?.actorId, name: ctx.data.userById.get(t.deleted?.actorId ?? 0)?.name ?? null },
        previous_state: t.deleted?.previousState,
        deleted_at: isoSeconds(t.deleted?.at ?? 0),
      });
      const sorted = offsetSort(
        ctx,
        rows,
        { id: (t) => t.id, subject: (t) => t.subject, deleted_at: (t) => t.deleted?.at ?? 0 },
        (t) => t.id,
      );
      return simpleList(ctx, 'deleted_tickets', sorted, render);
    },
  },
  {
    template: '/search',
    resource: 'other',
    list: true,
    handler: (ctx) => {
      if (wantsCursor(ctx.url)) throw new ZendeskHttpError(400, ZENDESK_ERRORS.searchPageSize);
      const query = ctx.query.get('query');
      if (query === null || query.trim() === '') throw invalidAttribute('query is required');
      const sortBy = ctx.query.get('sort_by');
      const sortOrder = ctx.query.get('sort_order') ?? 'desc';
      if (sortOrder !== 'asc' && sortOrder !== 'desc')
        throw invalidAttribute('sort_order must be asc or desc');
      let hits = runSearch(ctx.data, query, ctx.meId);
      if (sortBy !== null) {
        const keys: Record<string, (h: SearchHit) => number | string> = {
          updated_at: (h) => h.row.updatedAt,
          created_at: (h) => h.row.createdAt,
          priority: (h) =>
            h.type === 'ticket' ? ['low', 'normal', 'high', 'urgent'].indexOf(h.row.priority ?? '') : -1,
          status: (h) =>
            h.type === 'ticket'
              ? ['new', 'open', 'pending', 'hold', 'solved', 'closed'].indexOf(h.row.status)
              : -1,
          ticket_type: (h) => (h.type === 'ticket' ? (h.row.type ?? '') : ''),
        };
        const get = keys[sortBy];
        if (get === undefined) throw invalidAttribute(`sort_by is not valid: ${sortBy}`);
        const sign = sortOrder === 'asc' ? 1 : -1;
        hits = [...hits].sort((a, b) => {
          const x = get(a);
          const y = get(b);
          return x === y ? a.row.id - b.row.id : sign * (x < y ? -1 : 1);
        });
      }
      const page = Number(ctx.query.get('page') ?? 1);
      const per = Math.min(100, Number(ctx.query.get('per_page') ?? 100));
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(per) || per < 1)
        throw new ZendeskHttpError(400, ZENDESK_ERRORS.searchPageSize);
      if (page * per > 1000) throw new ZendeskHttpError(422, ZENDESK_ERRORS.searchLimit);
      const out = paginate({ ...ctx.list }, hits, {
        key: 'results',
        render: (h) => searchResult(h, ctx),
        sortKey: (h) => [h.row.id],
        cursor: false,
        offset: true,
      });
      return {
        results: out.results,
        facets: null,
        next_page: page * per >= 1000 ? null : out.next_page,
        previous_page: out.previous_page,
        count: out.count,
      };
    },
  },
  {
    template: '/search/count',
    resource: 'other',
    handler: (ctx) => {
      const query = ctx.query.get('query');
      if (query === null || query.trim() === '') throw invalidAttribute('query is required');
      return { count: runSearch(ctx.data, query, ctx.meId).length };
    },
  },
  {
    template: '/incremental/tickets/cursor',
    resource: 'tickets',
    adminOnly: true,
    bucket: 'incremental',
    handler: (ctx) =>
      cursorExport(ctx, ticketFeed(ctx, ctx.data.exportOrder(), 'incremental/tickets/cursor')),
  },
  {
    template: '/incremental/tickets',
    resource: 'tickets',
    adminOnly: true,
    bucket: 'incremental',
    handler: (ctx) => timeExport(ctx, ticketFeed(ctx, ctx.data.tickets, 'incremental/tickets')),
  },
  {
    template: '/incremental/users/cursor',
    resource: 'users',
    adminOnly: true,
    bucket: 'incremental',
    handler: (ctx) => {
      const rows = [...ctx.data.users].sort((a, b) => a.updatedAt - b.updatedAt || a.id - b.id);
      return cursorExport(ctx, {
        key: 'users',
        rows,
        stamp: (u) => u.updatedAt,
        render: (u) => userRecord(u, ctx.urls),
        path: 'incremental/users/cursor',
      });
    },
  },
  {
    template: '/incremental/organizations',
    resource: 'organizations',
    adminOnly: true,
    bucket: 'incremental',
    handler: (ctx) =>
      timeExport(ctx, {
        key: 'organizations',
        rows: ctx.data.organizations,
        stamp: (o) => o.updatedAt,
        render: (o) => organizationRecord(o, ctx.urls),
        path: 'incremental/organizations',
      }),
  },
];

interface CompiledRoute {
  route: ZendeskRoute;
  segments: string[];
}

const COMPILED: CompiledRoute[] = ZENDESK_ROUTES.map((route) => ({
  route,
  segments: route.template.split('/').slice(1),
}));

/**
 * The route for an API path (without `/api/v2`; a trailing `.json` is accepted), literal
 * segments winning over parameters (`/users/me` before `/users/{user_id}`).
 *
 * @example
 * ```ts
 * matchZendeskRoute('/tickets/12.json'); // { route: ..., params: { ticket_id: '12' } }
 * ```
 */
export function matchZendeskRoute(
  path: string,
): { route: ZendeskRoute; params: Record<string, string> } | undefined {
  const parts = path
    .replace(/\.json$/, '')
    .split('/')
    .slice(1);
  for (const { route, segments } of COMPILED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i += 1) {
      const segment = segments[i] as string;
      const part = decodeURIComponent(parts[i] as string);
      if (segment.startsWith('{')) params[segment.slice(1, -1)] = part;
      else ok = segment === part;
    }
    if (ok) return { route, params };
  }
  return undefined;
}
