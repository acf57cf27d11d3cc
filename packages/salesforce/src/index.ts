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
export * from './definition/records';
export {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
export { DEFAULT_API_VERSION, SALESFORCE_RATE_LIMIT, type SalesforceLocalOptions } from './local-executor';
export { createSalesforce, type Salesforce, type SalesforceOptions } from './salesforce';
export {
  mapSalesforceError,
  RequestLimitExceededError,
  SalesforceApiError,
  type SalesforceErrorEntry,
  salesforceErrors,
} from './salesforce-errors';
export { DEFAULT_INSTANCE_URL, type SalesforceCredentials, salesforceKind } from './salesforce-kind';
export { salesforceModule } from './salesforce-module';
export type { ApiUsage } from './salesforce-session';
export { salesforceSyncPlan } from './sync-plan';
export { VERSION } from './version';
