import { activeConfigList, configList, configRoutes } from './config-routes';
import { epochParam } from './export-feeds';
import { simpleList } from './list-order';
import { bool, byId, id, showMany, type ZendeskRoute } from './route-context';
import { invalidAttribute, notFound } from './zendesk-http-error';
import { paginate } from './zendesk-pagination';
import {
  attachmentRecord,
  groupRecord,
  isoSeconds,
  organizationRecord,
  satisfactionRecord,
  userRecord,
} from './zendesk-records';

// The account around the tickets: configuration, brands, tags, people, organizations, groups,
// memberships, attachments and satisfaction ratings.

export const ACCOUNT_ROUTES: readonly ZendeskRoute[] = [
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
];
