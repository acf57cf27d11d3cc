// The `@conduit/salesforce/deprecated` entry: the names kept for one minor version after they were
// replaced, out of the main entry so it lists only what a new caller needs.

/** The schema names before 0.2 (`AccountRecord` is `AccountSchema` now; the types kept their names). */
export {
  AccountRecord,
  AttachmentRecord,
  CampaignRecord,
  CaseRecord,
  ContactRecord,
  ContentVersionRecord,
  EventRecord,
  LeadRecord,
  NoteRecord,
  OpportunityRecord,
  OpportunityStageRecord,
  QueryRowRecord,
  ReportRunRecord,
  ReportSummaryRecord,
  SalesforceAttributes,
  SObjectDescribeRecord,
  SObjectSummaryRecord,
  TaskRecord,
  UserRecord,
} from './definition/records';
/** The options of the old `createSalesforce({ instanceUrl })` shape: pass `{ credentials, config: { instance_url } }`. */
export type { SalesforceLocalOptions } from './local-executor';
