import { cursorExport, ticketFeed, timeExport } from './export-feeds';
import { offsetSort, simpleList } from './list-order';
import { byId, type RouteContext, type ZendeskRoute } from './route-context';
import { invalidAttribute, ZENDESK_ERRORS, ZendeskHttpError } from './zendesk-http-error';
import { paginate, wantsCursor } from './zendesk-pagination';
import { groupRecord, isoSeconds, organizationRecord, ticketRecord, userRecord } from './zendesk-records';
import type { ZendeskTicketRow } from './zendesk-rows';
import { runSearch, type SearchHit } from './zendesk-search';

// Deleted tickets, search and the incremental exports.

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

export const SEARCH_EXPORT_ROUTES: readonly ZendeskRoute[] = [
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
