import { bool, type RouteContext } from './route-context';
import { invalidAttribute, invalidValue } from './zendesk-http-error';
import { ticketJson } from './zendesk-records';
import type { ZendeskTicketRow } from './zendesk-rows';

// The incremental exports (support-desk-upstream.md §4.4): cursor-based and time-based feeds.

export function epochParam(ctx: RouteContext, name: string): number | undefined {
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

export function perPage(ctx: RouteContext, fallback: number, max: number): number {
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
export function cursorExport<T extends { id: number }>(
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
export function timeExport<T extends { id: number }>(
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
export function ticketFeed(
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
