import {
  byteRangeParam,
  defineConnectorAction,
  localPaging,
  pageParams,
  searchRecordSchema,
  type UpstreamSpec,
} from '@conduit/connector-kit';
import { defineConnector, SearchParamsSchema } from '@conduit/protocol';
import * as z from 'zod';
import { offsetSort, pageNumbers } from '../page-numbers';
import { auditPaging, EXPORT_PAGE_SIZE, ticketPaging, zendeskCursor } from '../zendesk-paging';
import {
  cursorSort,
  epochSeconds,
  offsetDirection,
  offsetOrder,
  oneOrder,
  pageNumber,
  recordId,
} from './params';
import {
  AttachmentSchema,
  BrandSchema,
  GroupMembershipSchema,
  GroupSchema,
  MacroSchema,
  OrganizationMembershipSchema,
  OrganizationSchema,
  SatisfactionRatingSchema,
  SlaPolicySchema,
  TagSchema,
  TicketAuditSchema,
  TicketCommentSchema,
  TicketFieldSchema,
  TicketFormSchema,
  TicketMetricSchema,
  TicketSchema,
  UserSchema,
  ViewSchema,
} from './records';
import { SEARCHABLE_FIELDS, type SearchableEntity } from './searchable-fields';

// Every list takes Zendesk's page number besides Conduit's limit and offset (see pageNumbers).
const page = { ...pageParams({ maxLimit: 100 }), page: pageNumber() };

/**
 * Zendesk's own name for the page size, which clients written against its API (Airbyte's Python
 * SDK among them) send on every list: taken as `limit`. See docs/airbyte-python-sdk.md.
 */
const pageAliases = { per_page: 'limit' } as const;

/**
 * Zendesk's own `next_page` is a URL string, and clients whose typed results read it so (Airbyte's
 * Python SDK) get the next offset as a string in the agent API's `connector_metadata`.
 */
const nextPageForm = 'string';

const list = <Shape extends z.core.$ZodLooseShape, Record extends z.ZodType>(
  description: string,
  params: Shape,
  record: Record,
  upstream: UpstreamSpec,
) =>
  defineConnectorAction({
    kind: 'list',
    description,
    params: z.strictObject({ ...page, ...params }).superRefine(oneOrder),
    paramAliases: pageAliases,
    nextPageForm,
    record,
    upstream,
  });

const get = <Key extends string, Record extends z.ZodType>(
  description: string,
  key: Key,
  what: string,
  record: Record,
  upstream: UpstreamSpec,
) =>
  defineConnectorAction({
    kind: 'get',
    description,
    params: z.strictObject({ [key]: recordId(what) } as { [K in Key]: ReturnType<typeof recordId> }),
    record,
    upstream,
  });

const search = <Entity extends SearchableEntity>(entity: Entity) =>
  defineConnectorAction({
    kind: 'search',
    description: `Search synced ${entity} (hosted mode only)`,
    params: SearchParamsSchema,
    record: searchRecordSchema(SEARCHABLE_FIELDS[entity]),
    searchableFields: SEARCHABLE_FIELDS[entity],
  });

/**
 * A list read with Zendesk's cursor pagination from `path`, records under `key`; by its offset
 * pagination when the caller gives a page number (`sort` said in offset terms by `sort`).
 */
const cursor = (path: string, key: string, sort?: 'field' | 'order'): UpstreamSpec => ({
  path,
  recordsAt: key,
  paging: pageNumbers(zendeskCursor, {
    upstream: 'offset',
    ...(sort === undefined ? {} : { request: offsetSort(sort) }),
  }),
});
/** A list Zendesk answers whole (not paginated upstream, reference §2.1), paged here. */
const whole = (path: string, key: string): UpstreamSpec => ({
  path,
  recordsAt: key,
  paging: pageNumbers(localPaging(), { upstream: 'whole' }),
});
/** A single record under `key`. */
const single = (path: string, key: string): UpstreamSpec => ({ path, recordAt: key });

const TicketListParams = {
  sort: cursorSort(['id', 'created_at', 'updated_at', 'status']),
  ...offsetOrder([
    'assignee',
    'assignee.name',
    'created_at',
    'group',
    'id',
    'requester',
    'requester.name',
    'status',
    'subject',
    'updated_at',
  ]),
  external_id: z.string().min(1).describe('only the ticket with this external id').optional(),
  start_time: epochSeconds(
    'instead of the ticket list, read the incremental export: every ticket changed since then (deleted ones with status "deleted"), oldest change first, pages of up to 1,000',
  ).optional(),
  exclude_deleted: z.boolean().describe('with start_time: leave deleted tickets out').optional(),
};

/**
 * The support-desk connector (Zendesk Support), declared once: the entities of the reference's
 * operation map (shared/reference/support-desk-upstream.md §2.1) with their params, records and
 * upstream requests. Typed methods, validation in local and hosted mode, the local executor and
 * `conduit describe` all derive from it.
 *
 * @example
 * ```ts
 * import { zendeskDefinition } from '@conduit/zendesk-support';
 * Object.keys(zendeskDefinition.entities); // ['tickets', 'ticket_comments', …]
 * ```
 */
export const zendeskDefinition = defineConnector({
  name: 'zendesk-support',
  connectorType: 'support-desk',
  displayName: 'Zendesk Support',
  entities: {
    tickets: {
      description: 'Support requests, with status, priority, requester, assignee and tags',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List tickets (cursor pagination), or with start_time every ticket changed since then',
          params: z
            .strictObject({
              ...pageParams({ maxLimit: EXPORT_PAGE_SIZE }),
              page: pageNumber(),
              ...TicketListParams,
            })
            .superRefine(oneOrder)
            // The list's pages stop at 100; the export's hold up to 1,000 (reference §4.4).
            .refine(
              (params) =>
                params.start_time !== undefined || params.limit === undefined || params.limit <= 100,
              {
                path: ['limit'],
                message: 'limit is at most 100, or at most 1000 with start_time (the incremental export)',
              },
            )
            .refine((params) => params.start_time !== undefined || params.exclude_deleted === undefined, {
              path: ['exclude_deleted'],
              message: 'exclude_deleted applies only with start_time',
            })
            .refine(
              (params) =>
                params.start_time === undefined ||
                (params.sort === undefined &&
                  params.sort_by === undefined &&
                  params.sort_order === undefined &&
                  params.external_id === undefined),
              {
                path: ['start_time'],
                message:
                  'start_time reads the incremental export, which takes neither sort, sort_by, sort_order nor external_id',
              },
            )
            .refine((params) => params.start_time === undefined || params.page === undefined, {
              path: ['page'],
              message: 'start_time reads the incremental export, which pages by cursor only',
            }),
          paramAliases: pageAliases,
          nextPageForm,
          record: TicketSchema,
          upstream: {
            path: '/tickets',
            recordsAt: 'tickets',
            paging: pageNumbers(ticketPaging, {
              upstream: 'offset',
              request: (path, query) =>
                query.start_time === undefined ? offsetSort('field')(path, query) : undefined,
            }),
          },
        }),
        get: get(
          'Get a ticket',
          'ticket_id',
          'ticket',
          TicketSchema,
          single('/tickets/{ticket_id}', 'ticket'),
        ),
        search: search('tickets'),
      },
    },
    ticket_comments: {
      description: 'The comments (public replies and internal notes) of a ticket, oldest first',
      actions: {
        list: list(
          "List a ticket's comments",
          {
            ticket_id: recordId('ticket'),
            include_inline_images: z.boolean().describe('also list inline images as attachments').optional(),
            sort: cursorSort(['created_at']),
            ...offsetDirection(),
          },
          TicketCommentSchema,
          cursor('/tickets/{ticket_id}/comments', 'comments', 'order'),
        ),
      },
    },
    users: {
      description: 'End users, agents and admins',
      actions: {
        list: list(
          'List users',
          {
            role: z.enum(['end-user', 'agent', 'admin']).describe('only users of this role').optional(),
            external_id: z.string().min(1).describe('only the user with this external id').optional(),
          },
          UserSchema,
          cursor('/users', 'users'),
        ),
        get: get('Get a user', 'user_id', 'user', UserSchema, single('/users/{user_id}', 'user')),
        search: search('users'),
      },
    },
    organizations: {
      description: 'Customer organizations',
      actions: {
        list: list('List organizations', {}, OrganizationSchema, cursor('/organizations', 'organizations')),
        get: get(
          'Get an organization',
          'organization_id',
          'organization',
          OrganizationSchema,
          single('/organizations/{organization_id}', 'organization'),
        ),
        search: search('organizations'),
      },
    },
    groups: {
      description: 'Agent groups',
      actions: {
        list: list(
          'List groups',
          { exclude_deleted: z.boolean().describe('leave deleted groups out').optional() },
          GroupSchema,
          cursor('/groups', 'groups'),
        ),
        get: get('Get a group', 'group_id', 'group', GroupSchema, single('/groups/{group_id}', 'group')),
        search: search('groups'),
      },
    },
    attachments: {
      description: 'Files attached to ticket comments',
      actions: {
        get: get(
          'Get the metadata of an attachment',
          'attachment_id',
          'attachment',
          AttachmentSchema,
          single('/attachments/{attachment_id}', 'attachment'),
        ),
        download: defineConnectorAction({
          kind: 'download',
          description: "Download an attachment's content (optionally a byte range)",
          params: z.strictObject({
            attachment_id: recordId('attachment'),
            range_header: byteRangeParam(),
          }),
          record: z.unknown(),
          upstream: {
            path: '/attachments/{attachment_id}',
            download: {
              rangeParam: 'range_header',
              locate: (body) => {
                const attachment = AttachmentSchema.parse((body as { attachment?: unknown }).attachment);
                return { url: attachment.content_url, filename: attachment.file_name };
              },
            },
          },
        }),
      },
    },
    ticket_audits: {
      description: 'Audits: every change made to tickets, event by event',
      actions: {
        list: list(
          "List audits, newest first (admins only), or one ticket's with ticket_id",
          { ticket_id: recordId('ticket').optional() },
          TicketAuditSchema,
          {
            path: '/ticket_audits',
            recordsAt: 'audits',
            // Only one ticket's audits have page numbers; the account's page by cursor (§4.3).
            paging: pageNumbers(auditPaging, {
              upstream: 'offset',
              request: (_path, { ticket_id: ticketId, ...query }) =>
                ticketId === undefined
                  ? undefined
                  : { path: `/tickets/${encodeURIComponent(String(ticketId))}/audits`, query },
            }),
          },
        ),
      },
    },
    ticket_metrics: {
      description: 'Reply and resolution times of tickets',
      actions: {
        list: list(
          'List ticket metrics, newest ticket first',
          {},
          TicketMetricSchema,
          cursor('/ticket_metrics', 'ticket_metrics'),
        ),
        get: get(
          "Get a metric set (by its id or its ticket's)",
          'ticket_metric_id',
          'ticket metric',
          TicketMetricSchema,
          single('/ticket_metrics/{ticket_metric_id}', 'ticket_metric'),
        ),
      },
    },
    ticket_fields: {
      description: 'System and custom ticket fields',
      actions: {
        list: list(
          'List ticket fields',
          {
            locale: z
              .string()
              .min(1)
              .describe("title_in_portal in this active locale's dynamic content variant (e.g. de)")
              .optional(),
          },
          TicketFieldSchema, // Cursor params order the fields by id; without them, every field comes by position (§2.1).
          {
            ...cursor('/ticket_fields', 'ticket_fields'),
            paging: pageNumbers(zendeskCursor, { upstream: 'whole' }),
          },
        ),
        get: get(
          'Get a ticket field',
          'ticket_field_id',
          'ticket field',
          TicketFieldSchema,
          single('/ticket_fields/{ticket_field_id}', 'ticket_field'),
        ),
      },
    },
    brands: {
      description: 'Brands of the account',
      actions: {
        list: list('List brands', {}, BrandSchema, cursor('/brands', 'brands')),
        get: get('Get a brand', 'brand_id', 'brand', BrandSchema, single('/brands/{brand_id}', 'brand')),
      },
    },
    tags: {
      description: 'The most used ticket tags of the last 60 days, with counts',
      actions: {
        list: list('List tags', {}, TagSchema, cursor('/tags', 'tags')),
      },
    },
    satisfaction_ratings: {
      description: 'Customer satisfaction ratings (admins only)',
      actions: {
        list: list(
          'List satisfaction ratings',
          {
            score: z
              .enum([
                'offered',
                'unoffered',
                'received',
                'received_with_comment',
                'received_without_comment',
                'good',
                'good_with_comment',
                'good_without_comment',
                'bad',
                'bad_with_comment',
                'bad_without_comment',
              ])
              .describe('only ratings with this score')
              .optional(),
            start_time: epochSeconds('ratings created at or after').optional(),
            end_time: epochSeconds('ratings created at or before').optional(),
          },
          SatisfactionRatingSchema,
          cursor('/satisfaction_ratings', 'satisfaction_ratings'),
        ),
        get: get(
          'Get a satisfaction rating',
          'satisfaction_rating_id',
          'satisfaction rating',
          SatisfactionRatingSchema,
          single('/satisfaction_ratings/{satisfaction_rating_id}', 'satisfaction_rating'),
        ),
      },
    },
    group_memberships: {
      description: 'Which agent belongs to which group',
      actions: {
        list: list(
          'List group memberships',
          {},
          GroupMembershipSchema,
          cursor('/group_memberships', 'group_memberships'),
        ),
      },
    },
    organization_memberships: {
      description: 'Which user belongs to which organization',
      actions: {
        list: list(
          'List organization memberships',
          {},
          OrganizationMembershipSchema,
          cursor('/organization_memberships', 'organization_memberships'),
        ),
      },
    },
    ticket_forms: {
      description: 'Ticket forms and the fields each shows',
      actions: {
        list: list(
          'List ticket forms',
          {
            active: z.boolean().describe('only active (true) or inactive (false) forms').optional(),
            end_user_visible: z
              .boolean()
              .describe('only forms end users can (true) or cannot (false) see')
              .optional(),
          },
          TicketFormSchema,
          whole('/ticket_forms', 'ticket_forms'),
        ),
        get: get(
          'Get a ticket form',
          'ticket_form_id',
          'ticket form',
          TicketFormSchema,
          single('/ticket_forms/{ticket_form_id}', 'ticket_form'),
        ),
      },
    },
    views: {
      description: 'Saved ticket views',
      actions: {
        list: list(
          'List views',
          {
            active: z.boolean().describe('only active (true) or inactive (false) views').optional(),
            access: z
              .enum(['personal', 'shared', 'account'])
              .describe('only views of this access')
              .optional(),
            group_id: recordId('group').optional(),
            ...offsetOrder(['alphabetical', 'created_at', 'updated_at', 'position']),
          },
          ViewSchema,
          cursor('/views', 'views'),
        ),
        get: get('Get a view', 'view_id', 'view', ViewSchema, single('/views/{view_id}', 'view')),
      },
    },
    macros: {
      description: 'Macros agents apply to tickets',
      actions: {
        list: list(
          'List macros',
          {
            active: z.boolean().describe('only active (true) or inactive (false) macros').optional(),
            access: z
              .enum(['personal', 'agents', 'shared', 'account'])
              .describe('only macros of this access')
              .optional(),
            group_id: recordId('group').optional(),
            category: z.number().int().positive().describe('only macros of this category').optional(),
            only_viewable: z
              .boolean()
              .describe('only macros that can be applied to tickets (true), or every one the caller manages')
              .optional(),
            ...offsetOrder([
              'alphabetical',
              'created_at',
              'updated_at',
              'usage_1h',
              'usage_24h',
              'usage_7d',
              'usage_30d',
            ]),
          },
          MacroSchema,
          cursor('/macros', 'macros'),
        ),
        get: get('Get a macro', 'macro_id', 'macro', MacroSchema, single('/macros/{macro_id}', 'macro')),
      },
    },
    sla_policies: {
      description: 'Service level agreement policies (admins only)',
      actions: {
        list: list('List SLA policies', {}, SlaPolicySchema, whole('/slas/policies', 'sla_policies')),
        get: get(
          'Get an SLA policy',
          'sla_policy_id',
          'SLA policy',
          SlaPolicySchema,
          single('/slas/policies/{sla_policy_id}', 'sla_policy'),
        ),
      },
    },
  },
});

export type ZendeskDefinition = typeof zendeskDefinition;
