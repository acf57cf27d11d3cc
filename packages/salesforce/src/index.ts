export { type SalesforceDefinition, salesforceDefinition } from './definition/definition';
export * from './definition/records';
export {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
export {
  SOBJECT_LISTS,
  type SObjectEntity,
  type SObjectList,
  type SoqlFilter,
} from './definition/sobject-lists';
export {
  createSalesforceExecutor,
  DEFAULT_API_VERSION,
  SALESFORCE_RATE_LIMIT,
  type SalesforceLocalExecutor,
  type SalesforceLocalOptions,
} from './local-executor';
export {
  type ModifiedPageReader,
  modstampChangeStream,
  WATCH_SHARE,
  WATCHED_ENTITIES,
  watchIntervalMs,
} from './modstamp-change-stream';
export { createSalesforce, type Salesforce, type SalesforceOptions } from './salesforce';
export { parseSalesforceCredentials } from './salesforce-credentials';
export {
  mapSalesforceError,
  RequestLimitExceededError,
  SalesforceApiError,
  type SalesforceErrorEntry,
  salesforceErrors,
} from './salesforce-errors';
export { salesforceModule } from './salesforce-module';
export { type ApiUsage, SalesforceSession, type SalesforceSessionOptions } from './salesforce-session';
export { buildListSoql, soqlListPaging } from './soql-list-paging';
export { soqlDateTime, soqlString } from './soql-literal';
export { salesforceSyncPlan } from './sync-plan';
export { VERSION } from './version';
