import {
  byteRangeParam,
  type CustomPaging,
  defineConnectorAction,
  pageParams as kitPageParams,
  localPaging,
  searchRecordSchema,
} from '@conduit/connector-kit';
import { defineConnector, SearchParamsSchema, ValidationError } from '@conduit/protocol';
import * as z from 'zod';
import { keysetListPaging } from '../keyset-list-paging';
import { DEFAULT_BATCH, MAX_BATCH, MIN_BATCH, soqlListPaging } from '../soql-list-paging';
import { isSosl, soslListPaging } from '../sosl-list-paging';
import {
  AccountSchema,
  AttachmentSchema,
  CampaignSchema,
  CaseSchema,
  ContactSchema,
  ContentVersionSchema,
  EventSchema,
  LeadSchema,
  NoteSchema,
  OpportunitySchema,
  OpportunityStageSchema,
  QueryRowSchema,
  ReportRunSchema,
  ReportSummarySchema,
  SObjectDescribeSchema,
  SObjectSummarySchema,
  TaskSchema,
  UserSchema,
} from './records';
import { SEARCHABLE_FIELDS, type SearchableEntity } from './searchable-fields';
import { SOBJECT_LISTS, type SObjectEntity, type SObjectList } from './sobject-lists';

const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

/** A Salesforce record id param (15 or 18 characters). */
const recordId = (what: string) =>
  z.string().regex(ID_PATTERN, 'must be a Salesforce record id (15 or 18 letters and digits)').describe(what);

const pageParams = {
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_BATCH)
    .describe(
      `records per page, 1 to ${MAX_BATCH} (default ${DEFAULT_BATCH}); every page but the last holds exactly limit`,
    )
    .optional(),
  // Keyset offsets carry the list's filters (each up to 1,000 characters), base64url-encoded.
  offset: z.string().min(1).max(16_384).describe('pagination offset from meta.next_page.offset').optional(),
};

const listExtras = {
  modified_since: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date-time')
    .describe('only records changed at or after this instant (SystemModstamp, to the second)')
    .optional(),
  include_deleted: z.boolean().describe('include deleted records (queryAll; IsDeleted true)').optional(),
};

const fieldsParam = z
  // An array is what a caller writes in code (`['Name', 'Phone']`); the comma-separated string is
  // what Salesforce takes and what a CLI flag gives. Both reach it as the string.
  .union([
    z.string().regex(/^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$/, 'must be comma-separated field API names'),
    z.array(z.string().regex(/^[A-Za-z0-9_]+$/, 'must be a field API name')).min(1),
  ])
  .describe('fields to return, as an array or comma-separated (default: all; Id always comes back)')
  // Records are typed with their Id, so a field subset always includes it.
  .transform((value) => {
    const fields = typeof value === 'string' ? value : value.join(',');
    return fields.split(',').some((field) => field.toLowerCase() === 'id') ? fields : `Id,${fields}`;
  })
  .optional();

/** The zod shape of an entity's filter params: strings, or booleans for boolean filters. */
type FilterShape<E extends SObjectEntity> = {
  [K in keyof (typeof SOBJECT_LISTS)[E]['filters']]: (typeof SOBJECT_LISTS)[E]['filters'][K] extends {
    kind: 'boolean';
  }
    ? z.ZodOptional<z.ZodBoolean>
    : z.ZodOptional<z.ZodString>;
};

function filterParams<E extends SObjectEntity>(entity: E): FilterShape<E> {
  const out: Record<string, z.ZodType> = {};
  for (const [param, filter] of Object.entries(SOBJECT_LISTS[entity].filters)) {
    out[param] =
      filter.kind === 'id'
        ? recordId(`${filter.field} equals`).optional()
        : filter.kind === 'boolean'
          ? z.boolean().describe(`${filter.field} equals`).optional()
          : z.string().min(1).max(1000).describe(`${filter.field} equals`).optional();
  }
  return out as FilterShape<E>;
}

/**
 * A caller's own query on an sObject list (`q`, as Airbyte's Python SDK sends it on every sObject
 * list, and as its `api_search`; docs/airbyte-python-sdk.md): SOQL that reads that list's object,
 * or SOSL that returns it, so the rows are its records.
 */
const ownSoql = (sobject: string) =>
  z
    .string()
    .min(1)
    .max(100_000)
    .regex(
      new RegExp(
        `^\\s*(?:SELECT\\b[\\s\\S]*\\bFROM\\s+${sobject}\\b|FIND\\s*\\{[\\s\\S]*\\}[\\s\\S]*\\bRETURNING\\s+${sobject}\\b)`,
        'i',
      ),
      `must be a SOQL query FROM ${sobject} or a SOSL search RETURNING ${sobject}`,
    )
    .describe(
      `your own SOQL FROM ${sobject} (e.g. SELECT Id, Name FROM ${sobject}), or SOSL RETURNING it (e.g. FIND {Acme} IN NAME FIELDS RETURNING ${sobject}(Id, Name)), run instead of the filters`,
    )
    .optional();

/** `q` replaces the list's own SOQL, so nothing that builds it may come with it. */
/** The SOQL a caller gave as `q`, refusing the list's own filters beside it (they would be ignored). */
function callerSoql(list: SObjectList, query: Readonly<Record<string, unknown>>): string {
  const built = ['modified_since', ...Object.keys(list.filters)].filter(
    (param) => query[param] !== undefined,
  );
  if (built.length > 0) {
    const message = `q is run as it is: give its conditions in it, not ${built.join(', ')}`;
    throw new ValidationError(message, {
      status: 400,
      details: [{ field: 'params.q', message, error_code: 'invalid_param' }],
    });
  }
  return String(query.q);
}

function ownSoqlOrKeyset(list: SObjectList): CustomPaging {
  const keyset = keysetListPaging(list);
  const own = soqlListPaging((query) => callerSoql(list, query), true);
  const search = soslListPaging(list.sobject, (query) => callerSoql(list, query));
  return {
    type: 'custom',
    readPage: (context) => {
      const q = context.query.q;
      return (q === undefined ? keyset : isSosl(String(q)) ? search : own).readPage(context);
    },
  };
}

function listAction<E extends SObjectEntity, Record extends z.ZodType>(entity: E, record: Record) {
  const list = SOBJECT_LISTS[entity];
  return defineConnectorAction({
    kind: 'list',
    description: `List ${list.description.charAt(0).toLowerCase()}${list.description.slice(1)} (SOQL on ${list.sobject})`,
    params: z.strictObject({
      ...pageParams,
      ...listExtras,
      ...filterParams(entity),
      q: ownSoql(list.sobject),
    }),
    record,
    upstream: {
      path: '/query',
      recordsAt: 'records',
      // The caller's own SOQL (`q`) keeps its order, so it pages by its query locator; SOSL is
      // answered whole and paged here; the list's own query pages by Id (keyset), exactly
      // `limit` a page.
      paging: ownSoqlOrKeyset(list),
    },
  });
}

function getAction<Record extends z.ZodType>(entity: SObjectEntity, record: Record) {
  const { sobject } = SOBJECT_LISTS[entity];
  return defineConnectorAction({
    kind: 'get',
    description: `Get one ${sobject} by id`,
    params: z.strictObject({ id: recordId(`${sobject} id`), fields: fieldsParam }),
    record,
    upstream: { path: `/sobjects/${sobject}/{id}`, recordAt: '' },
  });
}

function downloadAction(entity: SObjectEntity, blobField: string) {
  const { sobject } = SOBJECT_LISTS[entity];
  return defineConnectorAction({
    kind: 'download',
    description: `Download the bytes of a ${sobject} (${blobField})`,
    params: z.strictObject({
      id: recordId(`${sobject} id`),
      range_header: byteRangeParam(),
    }),
    record: z.unknown(),
    upstream: { path: `/sobjects/${sobject}/{id}/${blobField}`, download: { rangeParam: 'range_header' } },
  });
}

function searchAction<Entity extends SearchableEntity>(entity: Entity) {
  return defineConnectorAction({
    kind: 'search',
    description: `Search synced ${entity} (hosted mode only)`,
    params: SearchParamsSchema,
    record: searchRecordSchema(SEARCHABLE_FIELDS[entity]),
    searchableFields: SEARCHABLE_FIELDS[entity],
  });
}

/**
 * The SOSL search Airbyte's Python SDK offers on these entities as `api_search` (`q`, its result
 * Salesforce's own `{searchRecords}`): the list with a SOSL `q`. See docs/airbyte-python-sdk.md.
 */
const apiSearch = { api_search: { action: 'list', recordsKey: 'searchRecords' } } as const;

function sobjectEntity<E extends SObjectEntity, Record extends z.ZodType>(entity: E, record: Record) {
  return {
    description: SOBJECT_LISTS[entity].description,
    actions: { list: listAction(entity, record), get: getAction(entity, record) },
    actionAliases: apiSearch,
  };
}

function searchableEntity<E extends SObjectEntity & SearchableEntity, Record extends z.ZodType>(
  entity: E,
  record: Record,
) {
  return {
    description: SOBJECT_LISTS[entity].description,
    actions: {
      list: listAction(entity, record),
      get: getAction(entity, record),
      search: searchAction(entity),
    },
    actionAliases: apiSearch,
  };
}

/**
 * The CRM connector (Salesforce), declared once: the reference's operation map (sObjects,
 * accounts, contacts, leads, opportunities, tasks, events, campaigns, cases, notes, content
 * versions, attachments, reports, users, opportunity stages, and `query` for a caller's own
 * SOQL), their params and records. Lists run SOQL and page through `nextRecordsUrl`; gets read
 * the sObject resource; downloads stream blob fields.
 *
 * @example
 * ```ts
 * import { salesforceDefinition } from '@conduit/salesforce';
 * Object.keys(salesforceDefinition.entities); // ['sobjects', 'accounts', …, 'query']
 * ```
 */
export const salesforceDefinition = defineConnector({
  name: 'salesforce',
  connectorType: 'crm',
  displayName: 'Salesforce',
  entities: {
    sobjects: {
      description: 'sObject types of the org (describe global; get describes one type)',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List the sObject types of the org',
          // Describe global answers every type at once (no paging upstream): paged here, so the
          // `{limit: 1}` a health check sends (Airbyte's SDK's check() picks this list) is taken.
          params: z.strictObject(kitPageParams({ maxLimit: 2000 })),
          record: SObjectSummarySchema,
          upstream: { path: '/sobjects', recordsAt: 'sobjects', paging: localPaging() },
        }),
        get: defineConnectorAction({
          kind: 'get',
          description: 'Describe one sObject type: its fields and capabilities',
          params: z.strictObject({
            id: z
              .string()
              .regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/, 'must be an sObject API name')
              .describe('sObject API name, e.g. Account'),
          }),
          record: SObjectDescribeSchema,
          upstream: { path: '/sobjects/{id}/describe', recordAt: '' },
        }),
      },
    },
    accounts: searchableEntity('accounts', AccountSchema),
    contacts: searchableEntity('contacts', ContactSchema),
    leads: searchableEntity('leads', LeadSchema),
    opportunities: searchableEntity('opportunities', OpportunitySchema),
    tasks: searchableEntity('tasks', TaskSchema),
    events: sobjectEntity('events', EventSchema),
    campaigns: sobjectEntity('campaigns', CampaignSchema),
    cases: sobjectEntity('cases', CaseSchema),
    notes: sobjectEntity('notes', NoteSchema),
    content_versions: {
      description: SOBJECT_LISTS.content_versions.description,
      actions: {
        list: listAction('content_versions', ContentVersionSchema),
        get: getAction('content_versions', ContentVersionSchema),
        download: downloadAction('content_versions', 'VersionData'),
      },
    },
    attachments: {
      description: SOBJECT_LISTS.attachments.description,
      actions: {
        list: listAction('attachments', AttachmentSchema),
        get: getAction('attachments', AttachmentSchema),
        download: downloadAction('attachments', 'Body'),
      },
    },
    reports: {
      description: 'Reports (analytics API); get runs one synchronously',
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'List reports the API user viewed recently (up to 200)',
          params: z.strictObject({}),
          record: ReportSummarySchema,
          upstream: { path: '/analytics/reports', recordsAt: '' },
        }),
        get: defineConnectorAction({
          kind: 'get',
          description: 'Run a report and return its metadata and fact map with detail rows',
          params: z.strictObject({ id: recordId('Report id') }),
          record: ReportRunSchema,
          upstream: { path: '/analytics/reports/{id}', query: { includeDetails: 'true' }, recordAt: '' },
        }),
      },
    },
    users: searchableEntity('users', UserSchema),
    opportunity_stages: searchableEntity('opportunity_stages', OpportunityStageSchema),
    query: {
      description: "Run the caller's own SOQL",
      actions: {
        list: defineConnectorAction({
          kind: 'list',
          description: 'Run a SOQL query (passed as is) and page through its rows',
          params: z.strictObject({
            q: z
              .string()
              .min(1)
              .max(100_000)
              .describe('the SOQL query, e.g. SELECT Id FROM Organization LIMIT 1'),
            include_deleted: listExtras.include_deleted,
            ...pageParams,
            // The caller's own SOQL cannot be paged by keyset (its order is the caller's), so it
            // pages by Salesforce's batches, which take 200 to 2,000 (crm-upstream.md §4.1).
            limit: pageParams.limit.describe(
              `records per batch, up to ${MAX_BATCH} (default ${DEFAULT_BATCH}); Salesforce batches by at least ${MIN_BATCH}, so a smaller limit gets pages of up to ${MIN_BATCH} (write LIMIT in q for fewer)`,
            ),
          }),
          record: QueryRowSchema,
          upstream: {
            path: '/query',
            recordsAt: 'records',
            paging: soqlListPaging((query) => String(query.q), true),
          },
        }),
      },
    },
  },
});

/** The type of {@link salesforceDefinition}. */
export type SalesforceDefinition = typeof salesforceDefinition;
