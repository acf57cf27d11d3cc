/**
 * How one string filter param reaches SOQL: the field it compares and how. `id` filters are
 * checked to be record ids; every value becomes an escaped literal.
 *
 * @example
 * ```ts
 * const filter: SoqlFilter = { field: 'Email', kind: 'string' };
 * ```
 */
export interface SoqlFilter {
  field: string;
  kind: 'string' | 'id' | 'boolean';
}

/**
 * The SOQL behind an entity's `list`: object, default field list, fixed condition, order, and
 * the filter params it offers.
 *
 * @example
 * ```ts
 * SOBJECT_LISTS.contacts.sobject; // 'Contact'
 * ```
 */
export interface SObjectList {
  sobject: string;
  /** SELECT list: `FIELDS(STANDARD)` or explicit fields. */
  fields: string;
  where?: string;
  /** Default order of the SOQL; lists page by keyset on `Id` (or `sortKey, Id`), see `keysetListPaging`. */
  orderBy: string;
  /** A numeric field the list is sorted by before `Id` (opportunity stages: `SortOrder`). */
  sortKey?: string;
  filters: Record<string, SoqlFilter>;
  /** Description of the entity. */
  description: string;
}

const owner = { owner_id: { field: 'OwnerId', kind: 'id' } } as const;
// Id: unique and never changed, so paging by it neither skips nor repeats an edited record (see
// keysetListPaging); newest-first cannot be paged so (an edit moves a record ahead of the cursor).
const byId = 'Id ASC';

/**
 * The list SOQL of every sObject entity: the reference's default queries (FIELDS(STANDARD)),
 * in `Id` order instead of newest first and without their `LIMIT 200`, because lists page to
 * the end by keyset on `Id` with the caller's exact `limit` (see `keysetListPaging`).
 *
 * @example
 * ```ts
 * Object.keys(SOBJECT_LISTS); // ['accounts', 'contacts', …]
 * ```
 */
export const SOBJECT_LISTS = {
  accounts: {
    sobject: 'Account',
    description: 'Accounts (companies)',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      name: { field: 'Name', kind: 'string' },
      industry: { field: 'Industry', kind: 'string' },
      type: { field: 'Type', kind: 'string' },
      parent_id: { field: 'ParentId', kind: 'id' },
      ...owner,
    },
  },
  contacts: {
    sobject: 'Contact',
    description: 'Contacts (people at accounts)',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      name: { field: 'Name', kind: 'string' },
      email: { field: 'Email', kind: 'string' },
      account_id: { field: 'AccountId', kind: 'id' },
      ...owner,
    },
  },
  leads: {
    sobject: 'Lead',
    description: 'Leads (prospects)',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      name: { field: 'Name', kind: 'string' },
      email: { field: 'Email', kind: 'string' },
      company: { field: 'Company', kind: 'string' },
      status: { field: 'Status', kind: 'string' },
      ...owner,
    },
  },
  opportunities: {
    sobject: 'Opportunity',
    description: 'Opportunities (deals)',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      name: { field: 'Name', kind: 'string' },
      stage: { field: 'StageName', kind: 'string' },
      account_id: { field: 'AccountId', kind: 'id' },
      ...owner,
    },
  },
  tasks: {
    sobject: 'Task',
    description: 'Tasks (activities)',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      status: { field: 'Status', kind: 'string' },
      subject: { field: 'Subject', kind: 'string' },
      who_id: { field: 'WhoId', kind: 'id' },
      what_id: { field: 'WhatId', kind: 'id' },
      account_id: { field: 'AccountId', kind: 'id' },
      ...owner,
    },
  },
  events: {
    sobject: 'Event',
    description: 'Events (calendar activities)',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      subject: { field: 'Subject', kind: 'string' },
      who_id: { field: 'WhoId', kind: 'id' },
      what_id: { field: 'WhatId', kind: 'id' },
      account_id: { field: 'AccountId', kind: 'id' },
      ...owner,
    },
  },
  campaigns: {
    sobject: 'Campaign',
    description: 'Campaigns',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      name: { field: 'Name', kind: 'string' },
      status: { field: 'Status', kind: 'string' },
      type: { field: 'Type', kind: 'string' },
      ...owner,
    },
  },
  cases: {
    sobject: 'Case',
    description: 'Cases (support requests)',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      status: { field: 'Status', kind: 'string' },
      priority: { field: 'Priority', kind: 'string' },
      case_number: { field: 'CaseNumber', kind: 'string' },
      account_id: { field: 'AccountId', kind: 'id' },
      contact_id: { field: 'ContactId', kind: 'id' },
      ...owner,
    },
  },
  notes: {
    sobject: 'Note',
    description: 'Notes (classic notes on records)',
    fields: 'FIELDS(STANDARD)',
    orderBy: byId,
    filters: {
      title: { field: 'Title', kind: 'string' },
      parent_id: { field: 'ParentId', kind: 'id' },
      ...owner,
    },
  },
  content_versions: {
    sobject: 'ContentVersion',
    description: 'Files (content versions; download their bytes)',
    fields:
      'Id, Title, FileExtension, ContentSize, ContentDocumentId, VersionNumber, IsLatest, CreatedDate, LastModifiedDate, SystemModstamp',
    orderBy: byId,
    filters: {
      title: { field: 'Title', kind: 'string' },
      content_document_id: { field: 'ContentDocumentId', kind: 'id' },
      is_latest: { field: 'IsLatest', kind: 'boolean' },
    },
  },
  attachments: {
    sobject: 'Attachment',
    description: 'Attachments (legacy files on records; download their bytes)',
    fields: 'Id, Name, ContentType, BodyLength, ParentId, CreatedDate, LastModifiedDate, SystemModstamp',
    orderBy: byId,
    filters: { name: { field: 'Name', kind: 'string' }, parent_id: { field: 'ParentId', kind: 'id' } },
  },
  users: {
    sobject: 'User',
    description: 'Users of the org (active ones)',
    fields: 'FIELDS(STANDARD)',
    where: 'IsActive = true',
    orderBy: byId,
    filters: {
      name: { field: 'Name', kind: 'string' },
      email: { field: 'Email', kind: 'string' },
      username: { field: 'Username', kind: 'string' },
    },
  },
  opportunity_stages: {
    sobject: 'OpportunityStage',
    description: 'Opportunity stages (probabilities and forecast categories)',
    fields: 'FIELDS(STANDARD)',
    orderBy: 'SortOrder ASC, Id ASC',
    sortKey: 'SortOrder',
    filters: { is_active: { field: 'IsActive', kind: 'boolean' } },
  },
} as const satisfies Record<string, SObjectList>;

/** An entity backed by an SOQL list. */
export type SObjectEntity = keyof typeof SOBJECT_LISTS;
