export {
  authFromCredentials,
  type CredentialAuthOptions,
  type CredentialsJson,
} from './auth-from-credentials';
export { byteRangeParam } from './byte-range-param';
export {
  type ActionMethod,
  type ConnectorClient,
  createConnectorClient,
  type EntityMethods,
  type ExecuteResult,
} from './connector-client';
export type {
  ConnectorDemo,
  DemoDownload,
  DemoList,
  DemoSearch,
  DemoUpstream,
} from './connector-demo';
export {
  type ConnectorModule,
  type ConnectorOAuth,
  type ConnectorOAuthTarget,
  type CredentialField,
  type CredentialMethod,
  defineConnectorModule,
  type ModuleExecutorOptions,
} from './connector-module';
export { type ConnectorRegistry, createConnectorRegistry } from './connector-registry';
export {
  type ConnectorConstructor,
  type ConnectorOptions,
  createConnector,
  type LocalModeOptions,
} from './create-connector';
export {
  type ConnectorExecutorOptions,
  createConnectorExecutor,
  type LocalConnectorExecutor,
  type RawPage,
  type ReadPageOptions,
} from './create-connector-executor';
export { composeErrorMappers } from './error-mapping';
export { fillPath } from './fill-path';
export { type HostedModeOptions, hostedModeExecutor } from './hosted-mode';
export { invalidOption } from './invalid-option';
export { PageLimitExceededError } from './page-limit-error';
export { pageParams } from './page-params';
export { decodeOffset, encodeOffset } from './page-tokens';
export { type CursorPaging, cursorPaging } from './paging/cursor-paging';
export type { CustomPageContext, CustomPaging } from './paging/custom-paging';
export { type LocalPaging, localPaging } from './paging/local-paging';
export { type NextUrlPaging, nextUrlPaging } from './paging/next-url-paging';
export { type OffsetPaging, offsetPaging } from './paging/offset-paging';
export { type OffsetTokenPaging, offsetTokenPaging } from './paging/offset-token-paging';
export { type PageNumberPaging, pageNumberPaging } from './paging/page-number-paging';
export type { PageContext, PageRequest } from './paging/pager';
export type { PagingStrategy } from './paging/paging-strategy';
export { readPageWith } from './paging/read-page-with';
export { parseUpstream } from './parse-upstream';
export { DEFAULT_PAGE_SIZE, DEFAULT_RATE_LIMIT } from './rate-limits';
export { readAt } from './read-at';
export { compileRecordCheck, type RecordCheck } from './record-check';
export { recordObject } from './record-schema';
export { type SearchRecordShape, searchRecordSchema } from './record-search';
export { type DownloadTarget, streamDownload } from './stream-download';
export {
  childJobs,
  isSyncJobKind,
  readSyncPage,
  type SyncChange,
  type SyncChangePage,
  type SyncChangeReadContext,
  type SyncChangeStream,
  type SyncJobKey,
  type SyncListing,
  type SyncListingContext,
  type SyncPlan,
  unreadableListings,
} from './sync-plan';
export { refuseUnknownOptions, TRANSPORT_OPTIONS } from './unknown-options';
export { RANGE_NOT_SATISFIABLE, unsatisfiableRange } from './unsatisfiable-range';
export {
  type ConnectorAction,
  type DownloadSpec,
  defineConnectorAction,
  missingUpstreams,
  type UpstreamSpec,
  upstreamOf,
} from './upstream-spec';
export { VERSION } from './version';
export { warnDeprecated } from './warn-deprecated';
