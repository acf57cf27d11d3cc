// The errors a call throws, so a caller needs no direct dependency on @conduit/protocol.
export {
  type ActionMethod,
  type ConnectorClient,
  createConnectorClient,
  type EntityMethods,
  type ExecuteResult,
  PageLimitExceededError,
} from '@conduit/connector-kit';
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
export type { AccountRateLimit } from './account-rate-limit';
export { type ZendeskDefinition, zendeskDefinition } from './definition/definition';
export * from './definition/records';
export {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
export { ZENDESK_RATE_LIMIT } from './local-executor';
export { VERSION } from './version';
export {
  mapZendeskError,
  PaginationLimitError,
  UnprocessableRecordError,
  UpstreamRequestError,
} from './zendesk-errors';
export { type ZendeskSupportCredentials, zendeskSupportKind } from './zendesk-kind';
export { zendeskSupportModule } from './zendesk-module';
export { createZendeskSupport, type ZendeskSupport, type ZendeskSupportOptions } from './zendesk-support';
