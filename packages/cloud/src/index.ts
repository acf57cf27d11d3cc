export {
  CloudClientConfig,
  type CloudClientConfigFromEnvOptions,
  type CloudClientConfigInit,
  type SecretInput,
} from './config/cloud-client-config';
export {
  CLOUD_API_ROOT,
  CLOUD_CONFIG_API_ROOT,
  CLOUD_ENV,
  CLOUD_WEB_ROOT,
  DEFAULT_SYNC_TIMEOUT_SECONDS,
  RUN_SYNC_TIMEOUT_SECONDS,
} from './config/cloud-defaults';
export { resolveConfigApiRoot, webRootFor } from './config/platform-roots';
export { SecretString } from './config/secret-string';
export * from './errors/index';
export type { AttemptRecord } from './http/attempt-record';
export type { CloudHttpOptions } from './http/platform-api';
export type { JobSnapshot } from './jobs/job-snapshot';
export {
  FAILED_JOB_STATUSES,
  FINAL_JOB_STATUSES,
  isFailedJobStatus,
  isFinalJobStatus,
  JobStatus,
  type ReportedJobStatus,
} from './jobs/job-status';
export { type PollingClock, systemPollingClock } from './jobs/polling-clock';
export {
  type PollingOptions,
  pollDelayMs,
  type ResolvedPollingOptions,
  resolvePollingOptions,
} from './jobs/polling-options';
export { SyncAttempt } from './jobs/sync-attempt';
export { loadManifest, type ManifestInput } from './manifest/load-manifest';
export { manifestFaults, validateManifest } from './manifest/validate-manifest';
export type { ConfiguredCatalog } from './resources/catalog-format';
export {
  type CascadeDeleteOptions,
  CloudConnection,
  type CloudConnectionInit,
  type PreviousSyncLogsOptions,
  type RunSyncOptions,
} from './resources/cloud-connection';
export { CloudConnector, type CloudConnectorInfo } from './resources/cloud-connector';
export { CloudDestination } from './resources/cloud-destination';
export { CloudOrganization, type OrganizationBilling } from './resources/cloud-organization';
export { CloudSource } from './resources/cloud-source';
export {
  CloudWorkspace,
  type CloudWorkspaceFromEnvOptions,
  type CloudWorkspaceOptions,
  type DeployConnectionOptions,
  type DeployConnectorOptions,
  type ListResourcesOptions,
  type PublishCustomSourceDefinitionOptions,
  type SafeModeOptions,
} from './resources/cloud-workspace';
export type { ConnectionInfo } from './resources/connection-info';
export {
  CustomCloudSourceDefinition,
  type CustomDefinitionType,
  type CustomSourceDefinitionInfo,
} from './resources/custom-source-definition';
export type { ConnectorConfigInput, LocalConnector } from './resources/deploy-input';
export { isSafeNameToDelete } from './resources/safe-mode';
export { SyncResult, type SyncResultInit, type WaitForCompletionOptions } from './resources/sync-result';
export { VERSION } from './version';
export { CachedDataset } from './warehouse/cached-dataset';
export {
  type DuckDbTarget,
  duckDbTarget,
  duckDbWarehouseReader,
  isMotherDuckPath,
} from './warehouse/duckdb-warehouse-reader';
export { normalizeWarehouseName, POSTGRES_IDENTIFIER_LIMIT } from './warehouse/normalize-warehouse-name';
export { postgresWarehouseReader } from './warehouse/postgres-warehouse-reader';
export { SqlCache, type SqlCacheNaming } from './warehouse/sql-cache';
export {
  quoteSqlIdentifier,
  type SqlEngine,
  type SqlRow,
  type SqlStreamOptions,
} from './warehouse/sql-engine';
export { type SqlColumn, type SqlSelectOptions, SqlTable } from './warehouse/sql-table';
export {
  isMaskedSecret,
  type WarehouseDestination,
  type WarehouseReader,
  type WarehouseReaderContext,
  type WarehouseReaderFactory,
  type WarehouseSecretRequest,
  type WarehouseSecretResolver,
} from './warehouse/warehouse-reader';
export { WarehouseReaderRegistry } from './warehouse/warehouse-reader-registry';
