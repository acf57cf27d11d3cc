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
export { type Asana, type AsanaOptions, createAsana } from './asana';
export { mapAsanaError, PremiumRequiredError } from './asana-errors';
export { ASANA_API_URL, type AsanaCredentials, asanaKind } from './asana-kind';
export { asanaModule } from './asana-module';
export { type AsanaDefinition, asanaDefinition } from './definition/definition';
export * from './definition/records';
export {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
export {
  type ActionMethod,
  type ConnectorClient,
  createConnectorClient,
  type EntityMethods,
  type ExecuteResult,
} from './deprecated-exports';
export { ASANA_DOWNLOAD_HOSTS } from './download-hosts';
export {
  ASANA_RATE_LIMIT,
  type AsanaAuth,
  type AsanaLocalOptions,
  createLocalExecutor,
} from './local-executor';
export { VERSION } from './version';
