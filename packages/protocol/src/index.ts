export {
  ACTION_KINDS,
  type ActionAlias,
  type ActionDefinition,
  type ActionKind,
  type ActionName,
  type ActionOf,
  type ConnectorDefinition,
  defineAction,
  defineConnector,
  type EntityDefinition,
  type EntityName,
  findAction,
  findActionAlias,
  type ParamRule,
  type ParamsOf,
  type RecordOf,
  type SearchFieldType,
} from './connector-definition';
export {
  type ConnectorCredentialMethod,
  type ConnectorKind,
  type ConnectorKindField,
  type ConnectorKindSpec,
  type CredentialMethodSchema,
  defineConnectorKind,
  requireConnectorKind,
  resolveConnectorKind,
} from './connector-kinds/connector-kind';
export { identifierField, secretField } from './connector-kinds/credential-fields';
export { baseUrlOverride, upstreamUrlSchema } from './connector-kinds/upstream-url';
export { type DefinedOptions, definedOptions } from './defined-options';
export { parseDuration } from './duration';
export * from './errors/index';
export {
  type DownloadResult,
  type ExecuteRequest,
  ExecuteRequestSchema,
  type ListEnvelope,
  listEnvelopeSchema,
  type NextPage,
  NextPageSchema,
  type SearchEnvelope,
  type SearchHit,
  searchEnvelopeSchema,
} from './execute';
export type { ConnectorExecutor, ExecuteOptions, ExecuteResultFor } from './executor';
export {
  APPLICATION_STATUSES,
  type Application,
  type ApplicationList,
  ApplicationListSchema,
  ApplicationSchema,
  type ApplicationWithSecret,
  ApplicationWithSecretSchema,
  ClientIdSchema,
  type CreateApplicationRequest,
  CreateApplicationRequestSchema,
} from './hosted/application-schemas';
export { decodeChangeCursor, encodeChangeCursor } from './hosted/change-cursor';
export {
  CHANGE_FEED_LIMITS,
  CHANGE_OPERATIONS,
  type Change,
  ChangeFeedQuerySchema,
  type ChangePage,
  ChangePageSchema,
  ChangeSchema,
} from './hosted/change-feed-schemas';
export {
  CONNECT_SESSION_STATUSES,
  type ConnectSession,
  type ConnectSessionEvent,
  ConnectSessionEventSchema,
  ConnectSessionSchema,
  type CreateConnectSessionRequest,
  CreateConnectSessionRequestSchema,
  type CreatedConnectSession,
  CreatedConnectSessionSchema,
} from './hosted/connect-session-schemas';
export {
  CONNECTOR_STATUSES,
  type Connector,
  type ConnectorList,
  type ConnectorListQuery,
  ConnectorListQuerySchema,
  ConnectorListSchema,
  ConnectorSchema,
  type ConnectorStatus,
  type CreateConnectorRequest,
  CreateConnectorRequestSchema,
  type CreatedConnector,
  CreatedConnectorSchema,
  type UpdateConnectorRequest,
  UpdateConnectorRequestSchema,
} from './hosted/connector-schemas';
export {
  conduitErrorFromBody,
  type ErrorBody,
  ErrorBodyEntrySchema,
  ErrorBodySchema,
  errorBodyFrom,
} from './hosted/error-body';
export {
  decodeHostedError,
  type ErrorClasses,
  encodeHostedError,
  type HostedErrorBody,
  reviveErrorClass,
} from './hosted/hosted-error-codec';
export {
  type ParseCreateConnectorOptions,
  type ParsedCreateConnectorRequest,
  parseCreateConnectorRequest,
} from './hosted/parse-create-connector-request';
export {
  type EntitySyncStatus,
  EntitySyncStatusSchema,
  SYNC_STATES,
  type SyncRequest,
  SyncRequestSchema,
  type SyncStarted,
  SyncStartedSchema,
  type SyncState,
  type SyncSummary,
  SyncSummarySchema,
} from './hosted/sync-schemas';
export {
  type ApplicationTokenRequest,
  ApplicationTokenRequestSchema,
  type ApplicationTokenResponse,
  ApplicationTokenResponseSchema,
  type ScopedTokenRequest,
  ScopedTokenRequestSchema,
  type ScopedTokenResponse,
  ScopedTokenResponseSchema,
} from './hosted/token-schemas';
export { formatJsonPath, type JsonPathSegment } from './json-path';
export { paramsWithAliases, resolveParamAliases } from './param-aliases';
export {
  describeRequest,
  isSecretName,
  REDACTED,
  type RequestDescription,
  redactHeaders,
  redactUrl,
  redactValue,
} from './redact';
export { parseRetryAfterMs } from './retry-after';
export { parseSearchParams } from './search/parse-search-params';
export type {
  ParsedSearch,
  SearchAndNode,
  SearchCompareNode,
  SearchFieldTarget,
  SearchFilter,
  SearchInNode,
  SearchNotNode,
  SearchOrNode,
  SearchScalar,
  SearchSort,
  SearchTextNode,
} from './search/search-ast';
export {
  decodeSearchCursor,
  encodeSearchCursor,
  type SearchCursorPayload,
  searchQueryHash,
} from './search/search-cursor';
export { SEARCH_LIMITS } from './search/search-limits';
export {
  SEARCH_COMPARISON_OPERATORS,
  SEARCH_LOGICAL_OPERATORS,
  SEARCH_OPERATORS,
  SEARCH_SORT_DIRECTIONS,
  SEARCH_TEXT_OPERATORS,
  type SearchComparisonOperator,
  type SearchLogicalOperator,
  type SearchOperator,
  type SearchSortDirection,
  type SearchTextOperator,
} from './search/search-operators';
export {
  type SearchCondition,
  SearchConditionSchema,
  type SearchFieldPath,
  SearchFieldPathSchema,
  type SearchParams,
  type SearchParamsOutput,
  SearchParamsSchema,
  type SearchQuery,
  SearchQuerySchema,
  type SearchSortInput,
  SearchSortSchema,
} from './search/search-params-schema';
export { resolveExecuteRequest, validateActionParams } from './validate-params';
export { VERSION } from './version';
export {
  type IssueDetailOptions,
  issuePath,
  type SchemaIssue,
  zodIssueDetails,
} from './zod-issue-details';
