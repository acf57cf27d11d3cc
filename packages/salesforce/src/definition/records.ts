import * as z from 'zod';

const str = z.string().nullable().optional();
const num = z.number().nullable().optional();
const bool = z.boolean().optional();
const id = z.string().nullable().optional();
const address = z
  .looseObject({
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
  })
  .nullable()
  .optional();

/**
 * The `attributes` Salesforce puts on every record: its sObject type and its REST URL.
 *
 * @example
 * ```ts
 * SalesforceAttributes.parse({ type: 'Account', url: '/services/data/v62.0/sobjects/Account/001…' });
 * ```
 */
export const SalesforceAttributes = z.looseObject({ type: z.string(), url: z.string().optional() });

const audit = {
  IsDeleted: bool,
  CreatedDate: str,
  CreatedById: id,
  LastModifiedDate: str,
  LastModifiedById: id,
  SystemModstamp: str,
};

function sobject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.looseObject({ attributes: SalesforceAttributes, Id: z.string(), ...audit, ...shape });
}

/**
 * An Account as the REST API returns it (standard fields; custom fields pass through).
 *
 * @example
 * ```ts
 * const account: Account = AccountRecord.parse(body);
 * ```
 */
export const AccountRecord = sobject({
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
export type Account = z.output<typeof AccountRecord>;

/**
 * A Contact.
 *
 * @example
 * ```ts
 * const contact: Contact = ContactRecord.parse(body);
 * ```
 */
export const ContactRecord = sobject({
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
export type Contact = z.output<typeof ContactRecord>;

/**
 * A Lead.
 *
 * @example
 * ```ts
 * const lead: Lead = LeadRecord.parse(body);
 * ```
 */
export const LeadRecord = sobject({
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
export type Lead = z.output<typeof LeadRecord>;

/**
 * An Opportunity.
 *
 * @example
 * ```ts
 * const opportunity: Opportunity = OpportunityRecord.parse(body);
 * ```
 */
export const OpportunityRecord = sobject({
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
export type Opportunity = z.output<typeof OpportunityRecord>;

/**
 * A Task (activity).
 *
 * @example
 * ```ts
 * const task: Task = TaskRecord.parse(body);
 * ```
 */
export const TaskRecord = sobject({
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
export type Task = z.output<typeof TaskRecord>;

/**
 * An Event (calendar activity).
 *
 * @example
 * ```ts
 * const event: Event = EventRecord.parse(body);
 * ```
 */
export const EventRecord = sobject({
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
export type Event = z.output<typeof EventRecord>;

/**
 * A Campaign.
 *
 * @example
 * ```ts
 * const campaign: Campaign = CampaignRecord.parse(body);
 * ```
 */
export const CampaignRecord = sobject({
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
export type Campaign = z.output<typeof CampaignRecord>;

/**
 * A Case.
 *
 * @example
 * ```ts
 * const supportCase: Case = CaseRecord.parse(body);
 * ```
 */
export const CaseRecord = sobject({
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
export type Case = z.output<typeof CaseRecord>;

/**
 * A Note (classic notes).
 *
 * @example
 * ```ts
 * const note: Note = NoteRecord.parse(body);
 * ```
 */
export const NoteRecord = sobject({ Title: str, Body: str, ParentId: id, OwnerId: id, IsPrivate: bool });
/** A Note record. */
export type Note = z.output<typeof NoteRecord>;

/**
 * A ContentVersion (one version of a file; its bytes are `VersionData`).
 *
 * @example
 * ```ts
 * const version: ContentVersion = ContentVersionRecord.parse(body);
 * ```
 */
export const ContentVersionRecord = sobject({
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
export type ContentVersion = z.output<typeof ContentVersionRecord>;

/**
 * An Attachment (legacy files; its bytes are `Body`).
 *
 * @example
 * ```ts
 * const attachment: Attachment = AttachmentRecord.parse(body);
 * ```
 */
export const AttachmentRecord = sobject({
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
export type Attachment = z.output<typeof AttachmentRecord>;

/**
 * A User.
 *
 * @example
 * ```ts
 * const user: User = UserRecord.parse(body);
 * ```
 */
export const UserRecord = sobject({
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
export type User = z.output<typeof UserRecord>;

/**
 * An OpportunityStage (the org's stage picklist with probabilities and forecast categories).
 *
 * @example
 * ```ts
 * const stage: OpportunityStage = OpportunityStageRecord.parse(body);
 * ```
 */
export const OpportunityStageRecord = sobject({
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
export type OpportunityStage = z.output<typeof OpportunityStageRecord>;

/**
 * One row of a caller's own SOQL: `attributes` and whatever fields the query selected.
 *
 * @example
 * ```ts
 * const row: QueryRow = QueryRowRecord.parse({ attributes: { type: 'Organization' }, Id: '00D…' });
 * ```
 */
export const QueryRowRecord = z.looseObject({ attributes: SalesforceAttributes.optional() });
/** A row of a caller's SOQL. */
export type QueryRow = z.output<typeof QueryRowRecord>;

/**
 * One entry of the describe-global list (`GET /sobjects`).
 *
 * @example
 * ```ts
 * const entry: SObjectSummary = SObjectSummaryRecord.parse({ name: 'Account', label: 'Account', keyPrefix: '001' });
 * ```
 */
export const SObjectSummaryRecord = z.looseObject({
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
export type SObjectSummary = z.output<typeof SObjectSummaryRecord>;

/**
 * An sObject's full describe (`GET /sobjects/{name}/describe`).
 *
 * @example
 * ```ts
 * const describe: SObjectDescribe = SObjectDescribeRecord.parse(body);
 * ```
 */
export const SObjectDescribeRecord = SObjectSummaryRecord.extend({
  fields: z.array(z.looseObject({ name: z.string(), type: z.string() })),
});
/** An sObject describe. */
export type SObjectDescribe = z.output<typeof SObjectDescribeRecord>;

/**
 * One report of the analytics list (`GET /analytics/reports`).
 *
 * @example
 * ```ts
 * const report: ReportSummary = ReportSummaryRecord.parse({ id: '00O…', name: 'Pipeline', url: '/services/data/…' });
 * ```
 */
export const ReportSummaryRecord = z.looseObject({
  id: z.string(),
  name: z.string(),
  url: z.string().optional(),
  describeUrl: z.string().optional(),
  instancesUrl: z.string().optional(),
});
/** A report list entry. */
export type ReportSummary = z.output<typeof ReportSummaryRecord>;

/**
 * A report run (`GET /analytics/reports/{id}?includeDetails=true`): metadata and the fact map.
 *
 * @example
 * ```ts
 * const run: ReportRun = ReportRunRecord.parse(body);
 * run.factMap['T!T'];
 * ```
 */
export const ReportRunRecord = z.looseObject({
  attributes: z.looseObject({}).optional(),
  reportMetadata: z.looseObject({}),
  factMap: z.record(z.string(), z.unknown()),
  allData: z.boolean().optional(),
  hasDetailRows: z.boolean().optional(),
});
/** A report run. */
export type ReportRun = z.output<typeof ReportRunRecord>;
