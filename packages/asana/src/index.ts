// The main entry: what a caller of the connector needs by name (issue 27: at most ~40 names, a
// test in scripts/connector-entries.test.ts holds it there). The schemas and searchable fields are
// at `@conduit/asana/records`, the kind at `/kind`, the names kept for one minor version at
// `/deprecated`.

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
export { PremiumRequiredError } from './asana-errors';
export { asanaModule } from './asana-module';
export { type AsanaDefinition, asanaDefinition } from './definition/definition';
export type {
  Attachment,
  AttachmentCompact,
  Project,
  ResourceCompact,
  Section,
  Tag,
  Task,
  TaskCompact,
  Team,
  User,
  Workspace,
} from './definition/records';
export { VERSION } from './version';
