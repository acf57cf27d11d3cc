import type { ZendeskDataset } from './zendesk-dataset';
import { invalidAttribute, notFound } from './zendesk-http-error';
import type { ListRequest } from './zendesk-pagination';
import type { RateBucket } from './zendesk-rate-limiter';
import type { RecordUrls } from './zendesk-records';
import type { ZendeskTicketRow } from './zendesk-rows';

// What every route of the Zendesk simulator is handed, and the small readers of its params.

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

export function id(ctx: RouteContext, name: string): number {
  const raw = ctx.params[name] ?? '';
  if (!/^\d+$/.test(raw)) throw notFound();
  return Number(raw);
}

export function bool(ctx: RouteContext, name: string): boolean | undefined {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw invalidAttribute(
    `You passed an invalid value for the ${name} attribute. Invalid parameter: ${name} must be a boolean`,
  );
}

export function liveTicket(ctx: RouteContext, name = 'ticket_id'): ZendeskTicketRow {
  const ticket = ctx.data.ticket(id(ctx, name));
  if (ticket === undefined) throw notFound();
  return ticket;
}

export function byId<T extends { id: number }>(rows: readonly T[], wanted: number): T {
  const row = rows.find((r) => r.id === wanted);
  if (row === undefined) throw notFound();
  return row;
}

export function showMany<T>(ctx: RouteContext, lookup: (id: number) => T | undefined): T[] {
  const ids = (ctx.query.get('ids') ?? '').split(',').filter((part) => part !== '');
  if (ids.length > 100) throw invalidAttribute('ids: no more than 100 ids per request');
  return ids.flatMap((raw) => {
    const row = /^\d+$/.test(raw) ? lookup(Number(raw)) : undefined;
    return row === undefined ? [] : [row];
  });
}
