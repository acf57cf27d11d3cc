// The main entry: what a caller of the connector needs by name (issue 27: at most ~40 names, a
// test in scripts/connector-entries.test.ts holds it there). Every schema, the record types of
// the account's configuration (fields, forms, brands, views, macros, SLA policies, tags) and of
// the memberships, and the searchable fields are at `@conduit/zendesk-support/records`; the kind at
// `/kind`; the names kept for one minor version at `/deprecated`.

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
export { type ZendeskDefinition, zendeskDefinition } from './definition/definition';
export type {
  Attachment,
  Group,
  Organization,
  SatisfactionRating,
  Ticket,
  TicketAudit,
  TicketComment,
  TicketMetric,
  User,
} from './definition/records';
export { VERSION } from './version';
export { PaginationLimitError, UnprocessableRecordError, UpstreamRequestError } from './zendesk-errors';
export { zendeskSupportModule } from './zendesk-module';
export { createZendeskSupport, type ZendeskSupport, type ZendeskSupportOptions } from './zendesk-support';
