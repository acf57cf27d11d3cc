export { connectorRegistry } from '@conduit/connectors/loaded';
export { describeListenError, type ListenFailure } from './cli/describe-listen-error';
export { runCli } from './cli/run-cli';
export { type Clock, systemClock } from './clock';
export { ConfigError } from './config/config-error';
export type { Environment } from './config/environment';
export { parseRateLimit, type RateLimitSpec } from './config/rate-limit-spec';
export { loadOrCreateKeyFile } from './crypto/key-file';
export { type EncryptionKey, Keyring, keyFingerprint, parseEncryptionKeys } from './crypto/keyring';
export { resolveKeyring } from './crypto/resolve-keyring';
export {
  type RotationFailure,
  type RotationOptions,
  type RotationReport,
  rotateEncryptionKeys,
} from './crypto/rotate-encryption-keys';
export { credentialsContext, DecryptionError, seal, sealJson, unseal, unsealJson } from './crypto/sealed-box';
export { hashSecret, verifySecret } from './crypto/secret-hash';
export { resolveTokenSecret } from './crypto/token-secret';
export { type TokenClaims, TokenSigner, type VerifiedToken } from './crypto/token-signer';
export { StoreUnavailableError } from './errors/store-unavailable-error';
export { ConnectorExecutors } from './execute/connector-executors';
export {
  ConnectorRecordCache,
  type ConnectorRecordCacheOptions,
} from './execute/connector-record-cache';
export {
  DEFAULT_UPSTREAM_ATTEMPT_TIMEOUT_MS,
  type DefaultExecutorResolverOptions,
  defaultExecutorResolver,
} from './execute/default-executor-resolver';
export { translateExecuteError, upstreamTimeout } from './execute/execute-errors';
export {
  createExecuteExtension,
  DEFAULT_EXECUTE_DEADLINE_MS,
  type ExecuteExtensionOptions,
} from './execute/execute-extension';
export { EXECUTE_PATH, type ExecuteRouteOptions, registerExecuteRoute } from './execute/execute-route';
export {
  credentialsFingerprint,
  credentialsVersion,
  ExecutorCache,
  type ExecutorCacheOptions,
  type ExecutorLifecycle,
} from './execute/executor-cache';
export { type ModuleExecutorFactoryOptions, moduleExecutorFactory } from './execute/module-executor-factory';
export { UpstreamFailureError, upstreamFailureBody } from './execute/upstream-failure-error';
export type { SearchHandler } from './extensions/search-handler';
export type { ServerExtension } from './extensions/server-extension';
export {
  APPLICATION_TOKEN_TTL_SECONDS,
  type AppConfig,
  SCOPED_TOKEN_TTL_SECONDS,
  type ServerServices,
} from './extensions/server-services';
export { type AppEnv, type AppVariables, requireCaller } from './http/app-env';
export { type AuthenticateOptions, authenticate, enforceRateLimit } from './http/authenticate';
export { errorResponse } from './http/error-response';
export { readJsonObject } from './http/read-json-body';
export {
  createJsonLogger,
  type JsonLoggerOptions,
  LOG_LEVELS,
  type LogFields,
  type Logger,
  type LogLevel,
  REDACT_PATHS,
  SECRET_FIELDS,
  silentLogger,
} from './logging/logger';
export {
  createServerMetrics,
  DURATION_BUCKETS,
  type PoolStats,
  type ServerMetrics,
  type ServerMetricsOptions,
} from './metrics/server-metrics';
export { connectorJson, createdConnectorJson } from './routes/connector-json';
export { CONNECTOR_PATHS } from './routes/connector-routes';
export { OPS_PATHS } from './routes/ops-routes';
export { TOKEN_PATHS } from './routes/token-routes';
export { type CollectionLayout, collectionLayout } from './search/collection-layout';
export { SearchEngine, type SearchTarget } from './search/search-engine';
export { createSearchExtension, type SearchExtension } from './search/search-extension';
export { type SearchCollection, SearchIndexWriter, type WriteOutcome } from './search/search-index-writer';
export { SEARCH_MIGRATIONS } from './search/search-migrations';
export {
  AUTHENTICATED_PREFIXES,
  type ConduitApp,
  type CreateAppOptions,
  createApp,
} from './server/create-app';
export {
  type ConduitServer,
  type CreateServerOptions,
  createServer,
  type StartedServer,
  startServer,
} from './server/create-server';
export { defaultExtensions } from './server/default-extensions';
export { type ListenOptions, listen, type RunningServer } from './server/listen';
export { DEFAULT_BODY_LIMIT_BYTES, loadServerConfig, type ServerConfig } from './server/server-config';
export {
  type AuthenticateClientOptions,
  authenticateClient,
  type RegisterApplicationOptions,
  type RegisteredApplication,
  registerApplication,
} from './services/applications';
export { type Caller, ownerOf } from './services/caller';
export {
  type ConnectorLifecycle,
  type ConnectorListQuery,
  ConnectorService,
  type LoadedConnector,
} from './services/connector-service';
export { createExecutorContext, type ExecutorRequestScope } from './services/executor-context';
export type { ExecutorContext, ExecutorFactory, ExecutorResolver } from './services/executor-resolver';
export { InboundRateLimiter, type RateLimitDecision } from './services/inbound-rate-limiter';
export { idleSyncSummary } from './services/sync-summary';
export { applyMigrations, type MigrationReport } from './store/apply-migrations';
export { migration0002SearchIndex } from './store/migrations/0002-search-index';
export { migration0003SyncState } from './store/migrations/0003-sync-state';
export { MIGRATIONS, type Migration } from './store/migrations/index';
export { type OpenStoreOptions, openStore, SQLITE_FILE_NAME } from './store/open-store';
export { PostgresDatabase, type PostgresDatabaseOptions } from './store/postgres-database';
export type { SqlDatabase, SqlDialect, SqlExecutor, SqlValue } from './store/sql-database';
export { SqlStore } from './store/sql-store';
export { toBuffer, toIsoTimestamp, toJsonValue, toNumber } from './store/sql-values';
export { SqliteDatabase } from './store/sqlite-database';
export type {
  ApplicationRecord,
  ConnectorDeleteHook,
  ConnectorFilter,
  ConnectorOwner,
  ConnectorRecord,
  ConnectorStatus,
  SealedValue,
  SecretHash,
  Store,
  StoredSetting,
} from './store/store';
export { LeaseLostError } from './sync/lease-lost-error';
export { DEFAULT_SYNC_CONFIG, loadSyncConfig, type SyncConfig } from './sync/sync-config';
export { createSyncExtension, type SyncExtension, type SyncExtensionOptions } from './sync/sync-extension';
export { type ClaimedRun, type SyncMode, SyncRepository, type SyncTrigger } from './sync/sync-repository';
export {
  executeSyncRun,
  type SyncPageEvent,
  type SyncRunDependencies,
  type SyncRunReport,
} from './sync/sync-run';
export { SyncScheduler } from './sync/sync-scheduler';
export {
  moduleSyncUpstream,
  type SyncUpstream,
  type SyncUpstreamFactory,
  type UpstreamPage,
} from './sync/sync-upstream';
export { syncableTypes } from './sync/syncable-types';
export { otlpTracingRequested, startOtlpTracing } from './tracing/otlp-tracing';
export {
  currentUpstreamScope,
  deadlineAwareSleep,
  runInUpstreamScope,
  type UpstreamCallScope,
} from './upstream/upstream-call-scope';
export { upstreamHooks } from './upstream/upstream-hooks';
export { UpstreamLimiters } from './upstream/upstream-limiters';
export { bodyIssueDetails, parseBody } from './validation/parse-body';
export { VERSION } from './version';
