import { sortedList, ticketList } from './list-order';
import { bool, id, liveTicket, showMany, type ZendeskRoute } from './route-context';
import { invalidAttribute, notFound } from './zendesk-http-error';
import { paginate } from './zendesk-pagination';
import {
  auditRecords,
  commentRecord,
  isoSeconds,
  metricRecord,
  ticketIdOfMetric,
  ticketJson,
} from './zendesk-records';
import type { ZendeskTicketRow } from './zendesk-rows';

// Tickets and what hangs off them: comments, audits, tags, metrics.

export const TICKET_ROUTES: readonly ZendeskRoute[] = [
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
];
