// The main entry: what a caller of the connector needs by name (issue 27: at most ~40 names, a
// test in scripts/connector-entries.test.ts holds it there). Every schema, the record types of
// the org's metadata (describes, reports, opportunity stages, `attributes`) and the searchable
// fields are at `@conduit/salesforce/records`; the kind at `/kind`; the names kept for one minor
// version at `/deprecated`.

// The errors a call throws, so a caller needs no direct dependency on @conduit/protocol.
export { PageLimitExceededError } from '@conduit/connector-kit';
export {
  ApiError,
  AuthenticationError,
  ConduitError,
  CursorExpiredError,
  EgressDeniedError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ResponseLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnsupportedOperationError,
  ValidationError,
} from '@conduit/protocol';
export { type SalesforceDefinition, salesforceDefinition } from './definition/definition';
export type {
  Account,
  Attachment,
  Campaign,
  Case,
  Contact,
  ContentVersion,
  Event,
  Lead,
  Note,
  Opportunity,
  QueryRow,
  Task,
  User,
} from './definition/records';
export { createSalesforce, type Salesforce, type SalesforceOptions } from './salesforce';
export { RequestLimitExceededError, SalesforceApiError } from './salesforce-errors';
export { salesforceModule } from './salesforce-module';
export type { ApiUsage } from './salesforce-session';
export { VERSION } from './version';
