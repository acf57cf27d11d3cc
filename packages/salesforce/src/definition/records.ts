import { recordObject } from '@conduit/connector-kit';
import * as z from 'zod';

// Record schemas, named `<Thing>Schema` with the type `<Thing>` beside them. Each is a
// `recordObject`: every field the upstream sends is kept at runtime (custom fields `…__c` too),
// while the type declares the standard fields of shared/reference/crm-upstream.md §2.2. Salesforce
// sends only the fields the user may see (field-level security hides the rest, §5) and a get with
// `fields` sends only those: so every field but `attributes` and `Id` is optional, and every field
// is nullable, since the upstream writes an empty field as an explicit `null`. A custom field is
// read deliberately: `(account as Account & { Score__c?: number | null }).Score__c`.

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();
const bool = z.boolean().optional();
const id = z.string().nullable().optional();
/** A compound address (`BillingAddress`, `MailingAddress`, …). */
const address = recordObject({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  stateCode: z.string().nullable().optional(),
  countryCode: z.string().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  geocodeAccuracy: z.string().nullable().optional(),
})
  .nullable()
  .optional();

/**
 * The `attributes` Salesforce puts on every record: its sObject type and its REST URL.
 *
 * @example
 * ```ts
 * SObjectAttributesSchema.parse({ type: 'Account', url: '/services/data/v62.0/sobjects/Account/001…' });
 * ```
 */
export const SObjectAttributesSchema = recordObject({ type: z.string(), url: z.string().optional() });
/** The `attributes` of a record. */
export type SObjectAttributes = z.output<typeof SObjectAttributesSchema>;

const audit = {
  IsDeleted: bool,
  CreatedDate: str,
  CreatedById: id,
  LastModifiedDate: str,
  LastModifiedById: id,
  SystemModstamp: str,
};

function sobject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return recordObject({ attributes: SObjectAttributesSchema, Id: z.string(), ...audit, ...shape });
}

/**
 * An Account as the REST API returns it (standard fields; custom fields pass through).
 *
 * @example
 * ```ts
 * const account: Account = AccountSchema.parse(body);
 * ```
 */
export const AccountSchema = sobject({
  Name: str,
  Type: str,
  Industry: str,
  AccountSource: str,
  Description: str,
  Phone: str,
  Website: str,
  NumberOfEmployees: num,
  AnnualRevenue: num,
  ParentId: id,
  OwnerId: id,
  BillingAddress: address,
  ShippingAddress: address,
  LastActivityDate: str,
});
/** An Account record. */
export type Account = z.output<typeof AccountSchema>;

/**
 * A Contact.
 *
 * @example
 * ```ts
 * const contact: Contact = ContactSchema.parse(body);
 * ```
 */
export const ContactSchema = sobject({
  AccountId: id,
  FirstName: str,
  LastName: str,
  Name: str,
  Title: str,
  Department: str,
  Email: str,
  Phone: str,
  MobilePhone: str,
  LeadSource: str,
  MailingAddress: address,
  ReportsToId: id,
  OwnerId: id,
});
/** A Contact record. */
export type Contact = z.output<typeof ContactSchema>;

/**
 * A Lead.
 *
 * @example
 * ```ts
 * const lead: Lead = LeadSchema.parse(body);
 * ```
 */
export const LeadSchema = sobject({
  FirstName: str,
  LastName: str,
  Name: str,
  Title: str,
  Company: str,
  Email: str,
  Phone: str,
  Status: str,
  LeadSource: str,
  Industry: str,
  Rating: str,
  IsConverted: bool,
  ConvertedDate: str,
  ConvertedAccountId: id,
  ConvertedContactId: id,
  ConvertedOpportunityId: id,
  OwnerId: id,
});
/** A Lead record. */
export type Lead = z.output<typeof LeadSchema>;

/**
 * An Opportunity.
 *
 * @example
 * ```ts
 * const opportunity: Opportunity = OpportunitySchema.parse(body);
 * ```
 */
export const OpportunitySchema = sobject({
  Name: str,
  AccountId: id,
  ContactId: id,
  CampaignId: id,
  Amount: num,
  ExpectedRevenue: num,
  Probability: num,
  StageName: str,
  ForecastCategory: str,
  ForecastCategoryName: str,
  CloseDate: str,
  Type: str,
  LeadSource: str,
  NextStep: str,
  Description: str,
  IsClosed: bool,
  IsWon: bool,
  OwnerId: id,
});
/** An Opportunity record. */
export type Opportunity = z.output<typeof OpportunitySchema>;

/**
 * A Task (activity).
 *
 * @example
 * ```ts
 * const task: Task = TaskSchema.parse(body);
 * ```
 */
export const TaskSchema = sobject({
  Subject: str,
  Status: str,
  Priority: str,
  IsHighPriority: bool,
  IsClosed: bool,
  ActivityDate: str,
  CompletedDateTime: str,
  Description: str,
  Type: str,
  TaskSubtype: str,
  WhoId: id,
  WhatId: id,
  AccountId: id,
  OwnerId: id,
});
/** A Task record. */
export type Task = z.output<typeof TaskSchema>;

/**
 * An Event (calendar activity).
 *
 * @example
 * ```ts
 * const event: Event = EventSchema.parse(body);
 * ```
 */
export const EventSchema = sobject({
  Subject: str,
  StartDateTime: str,
  EndDateTime: str,
  ActivityDateTime: str,
  ActivityDate: str,
  DurationInMinutes: num,
  IsAllDayEvent: bool,
  Location: str,
  Description: str,
  ShowAs: str,
  Type: str,
  WhoId: id,
  WhatId: id,
  AccountId: id,
  OwnerId: id,
  IsPrivate: bool,
});
/** An Event record. */
export type Event = z.output<typeof EventSchema>;

/**
 * A Campaign.
 *
 * @example
 * ```ts
 * const campaign: Campaign = CampaignSchema.parse(body);
 * ```
 */
export const CampaignSchema = sobject({
  Name: str,
  Type: str,
  Status: str,
  IsActive: bool,
  StartDate: str,
  EndDate: str,
  BudgetedCost: num,
  ActualCost: num,
  ExpectedRevenue: num,
  ParentId: id,
  OwnerId: id,
});
/** A Campaign record. */
export type Campaign = z.output<typeof CampaignSchema>;

/**
 * A Case.
 *
 * @example
 * ```ts
 * const supportCase: Case = CaseSchema.parse(body);
 * ```
 */
export const CaseSchema = sobject({
  CaseNumber: str,
  Subject: str,
  Description: str,
  Status: str,
  Priority: str,
  Origin: str,
  Type: str,
  Reason: str,
  AccountId: id,
  ContactId: id,
  OwnerId: id,
  IsClosed: bool,
  ClosedDate: str,
  IsEscalated: bool,
  SuppliedName: str,
  SuppliedEmail: str,
});
/** A Case record. */
export type Case = z.output<typeof CaseSchema>;

/**
 * A Note (classic notes).
 *
 * @example
 * ```ts
 * const note: Note = NoteSchema.parse(body);
 * ```
 */
export const NoteSchema = sobject({ Title: str, Body: str, ParentId: id, OwnerId: id, IsPrivate: bool });
/** A Note record. */
export type Note = z.output<typeof NoteSchema>;

/**
 * A ContentVersion (one version of a file; its bytes are `VersionData`).
 *
 * @example
 * ```ts
 * const version: ContentVersion = ContentVersionSchema.parse(body);
 * ```
 */
export const ContentVersionSchema = sobject({
  Title: str,
  FileExtension: str,
  FileType: str,
  ContentSize: num,
  ContentDocumentId: id,
  VersionNumber: str,
  IsLatest: bool,
  PathOnClient: str,
  Checksum: str,
  VersionData: str,
});
/** A ContentVersion record. */
export type ContentVersion = z.output<typeof ContentVersionSchema>;

/**
 * An Attachment (legacy files; its bytes are `Body`).
 *
 * @example
 * ```ts
 * const attachment: Attachment = AttachmentSchema.parse(body);
 * ```
 */
export const AttachmentSchema = sobject({
  Name: str,
  ContentType: str,
  BodyLength: num,
  ParentId: id,
  OwnerId: id,
  IsPrivate: bool,
  Description: str,
  Body: str,
});
/** An Attachment record. */
export type Attachment = z.output<typeof AttachmentSchema>;

/**
 * A User.
 *
 * @example
 * ```ts
 * const user: User = UserSchema.parse(body);
 * ```
 */
export const UserSchema = sobject({
  Username: str,
  Name: str,
  FirstName: str,
  LastName: str,
  Alias: str,
  Email: str,
  Title: str,
  Department: str,
  IsActive: bool,
  UserType: str,
  ProfileId: id,
  UserRoleId: id,
  ManagerId: id,
});
/** A User record. */
export type User = z.output<typeof UserSchema>;

/**
 * An OpportunityStage (the org's stage picklist with probabilities and forecast categories).
 *
 * @example
 * ```ts
 * const stage: OpportunityStage = OpportunityStageSchema.parse(body);
 * ```
 */
export const OpportunityStageSchema = sobject({
  MasterLabel: str,
  ApiName: str,
  Description: str,
  DefaultProbability: num,
  ForecastCategory: str,
  ForecastCategoryName: str,
  IsActive: bool,
  IsClosed: bool,
  IsWon: bool,
  SortOrder: num,
});
/** An OpportunityStage record. */
export type OpportunityStage = z.output<typeof OpportunityStageSchema>;

/**
 * One row of a caller's own SOQL: `attributes` and whatever fields the query selected. Loose in
 * its type too, on purpose: the fields are the caller's own SELECT list, so each is `unknown`.
 *
 * @example
 * ```ts
 * const row: QueryRow = QueryRowSchema.parse({ attributes: { type: 'Organization' }, Id: '00D…' });
 * ```
 */
export const QueryRowSchema = z.looseObject({ attributes: SObjectAttributesSchema.optional() });
/** A row of a caller's SOQL: `attributes`, and each selected field as `unknown`. */
export type QueryRow = z.output<typeof QueryRowSchema>;

/**
 * One entry of the describe-global list (`GET /sobjects`).
 *
 * @example
 * ```ts
 * const entry: SObjectSummary = SObjectSummarySchema.parse({ name: 'Account', label: 'Account', keyPrefix: '001' });
 * ```
 */
export const SObjectSummarySchema = recordObject({
  name: z.string(),
  label: z.string().optional(),
  labelPlural: z.string().optional(),
  keyPrefix: z.string().nullable().optional(),
  custom: z.boolean().optional(),
  queryable: z.boolean().optional(),
  searchable: z.boolean().optional(),
  retrieveable: z.boolean().optional(),
  urls: z.record(z.string(), z.string()).optional(),
});
/** A describe-global entry. */
export type SObjectSummary = z.output<typeof SObjectSummarySchema>;

/**
 * An sObject's full describe (`GET /sobjects/{name}/describe`).
 *
 * @example
 * ```ts
 * const describe: SObjectDescribe = SObjectDescribeSchema.parse(body);
 * ```
 */
export const SObjectDescribeSchema = SObjectSummarySchema.extend({
  fields: z.array(
    recordObject({
      name: z.string(),
      type: z.string(),
      label: z.string().optional(),
      custom: z.boolean().optional(),
      nillable: z.boolean().optional(),
      filterable: z.boolean().optional(),
      sortable: z.boolean().optional(),
      referenceTo: z.array(z.string()).optional(),
      relationshipName: z.string().nullable().optional(),
    }),
  ),
});
/** An sObject describe. */
export type SObjectDescribe = z.output<typeof SObjectDescribeSchema>;

/**
 * One report of the analytics list (`GET /analytics/reports`).
 *
 * @example
 * ```ts
 * const report: ReportSummary = ReportSummarySchema.parse({ id: '00O…', name: 'Pipeline', url: '/services/data/…' });
 * ```
 */
export const ReportSummarySchema = recordObject({
  id: z.string(),
  name: z.string(),
  url: z.string().optional(),
  describeUrl: z.string().optional(),
  instancesUrl: z.string().optional(),
});
/** A report list entry. */
export type ReportSummary = z.output<typeof ReportSummarySchema>;

/**
 * A report run (`GET /analytics/reports/{id}?includeDetails=true`): metadata and the fact map.
 *
 * @example
 * ```ts
 * const run: ReportRun = ReportRunSchema.parse(body);
 * run.factMap['T!T'];
 * ```
 */
const cell = recordObject({ label: z.string().nullable(), value: z.unknown() });

export const ReportRunSchema = recordObject({
  attributes: recordObject({
    type: z.string().optional(),
    reportId: z.string().optional(),
    reportName: z.string().optional(),
    describeUrl: z.string().optional(),
  }).optional(),
  reportMetadata: recordObject({
    id: z.string().optional(),
    name: z.string().optional(),
    reportFormat: z.string().optional(),
    detailColumns: z.array(z.string()).optional(),
  }),
  // Keyed by grouping (`T!T` for the grand total, `0!T` for the first row group, …).
  factMap: z.record(
    z.string(),
    recordObject({
      aggregates: z.array(cell).optional(),
      rows: z.array(recordObject({ dataCells: z.array(cell) })).optional(),
    }),
  ),
  allData: z.boolean().optional(),
  hasDetailRows: z.boolean().optional(),
});
/** A report run. */
export type ReportRun = z.output<typeof ReportRunSchema>;

// The schema names before 0.2 (the types kept their names), kept for one minor version.

/** @deprecated Use `SObjectAttributesSchema`. */
export const SalesforceAttributes = SObjectAttributesSchema;
/** @deprecated Use `AccountSchema`. */
export const AccountRecord = AccountSchema;
/** @deprecated Use `ContactSchema`. */
export const ContactRecord = ContactSchema;
/** @deprecated Use `LeadSchema`. */
export const LeadRecord = LeadSchema;
/** @deprecated Use `OpportunitySchema`. */
export const OpportunityRecord = OpportunitySchema;
/** @deprecated Use `TaskSchema`. */
export const TaskRecord = TaskSchema;
/** @deprecated Use `EventSchema`. */
export const EventRecord = EventSchema;
/** @deprecated Use `CampaignSchema`. */
export const CampaignRecord = CampaignSchema;
/** @deprecated Use `CaseSchema`. */
export const CaseRecord = CaseSchema;
/** @deprecated Use `NoteSchema`. */
export const NoteRecord = NoteSchema;
/** @deprecated Use `ContentVersionSchema`. */
export const ContentVersionRecord = ContentVersionSchema;
/** @deprecated Use `AttachmentSchema`. */
export const AttachmentRecord = AttachmentSchema;
/** @deprecated Use `UserSchema`. */
export const UserRecord = UserSchema;
/** @deprecated Use `OpportunityStageSchema`. */
export const OpportunityStageRecord = OpportunityStageSchema;
/** @deprecated Use `QueryRowSchema`. */
export const QueryRowRecord = QueryRowSchema;
/** @deprecated Use `SObjectSummarySchema`. */
export const SObjectSummaryRecord = SObjectSummarySchema;
/** @deprecated Use `SObjectDescribeSchema`. */
export const SObjectDescribeRecord = SObjectDescribeSchema;
/** @deprecated Use `ReportSummarySchema`. */
export const ReportSummaryRecord = ReportSummarySchema;
/** @deprecated Use `ReportRunSchema`. */
export const ReportRunRecord = ReportRunSchema;
