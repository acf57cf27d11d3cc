import type { CloudSimulatorState } from './cloud-simulator-state';
import { maskConfiguration } from './configuration-secrets';
import { splitSyncMode } from './connection-sync-modes';
import { epochSeconds } from './java-time-format';
import type { CloudAttemptView, CloudJobRecord, JobEngine } from './job-engine';
import { formatLogLine } from './job-logs';
import { secretPathsOf } from './public-presenters';
import type {
  CloudActorRecord,
  CloudConnectionRecord,
  CloudConnectionStateRecord,
  CloudOrganizationRecord,
  CloudWorkspaceRecord,
} from './simulator-records';
import { discoverSource } from './source-catalog';

const configTypeOf: Record<CloudJobRecord['jobType'], string> = {
  sync: 'sync',
  reset: 'reset_connection',
  clear: 'clear',
  refresh: 'refresh',
};

/**
 * The Config API's `SourceRead` / `DestinationRead`.
 *
 * @example
 * ```ts
 * presentActorRead(state, source).sourceName; // 'Sample Data (Faker)'
 * ```
 */
export function presentActorRead(
  state: CloudSimulatorState,
  actor: CloudActorRecord,
): Record<string, unknown> {
  const connector =
    actor.kind === 'source'
      ? state.registry.sourceByDefinition(actor.definitionId)
      : state.registry.destinationByDefinition(actor.definitionId);
  const custom =
    state.declarativeDefinitions.get(actor.definitionId) ?? state.dockerDefinitions.get(actor.definitionId);
  const connectorName = connector?.name ?? custom?.name ?? actor.actorType;
  const common = {
    workspaceId: actor.workspaceId,
    connectionConfiguration: maskConfiguration(actor.configuration, secretPathsOf(state, actor)),
    name: actor.name,
    createdAt: epochSeconds(actor.createdAt),
    status: 'active',
    isVersionOverrideApplied: false,
    supportState: 'supported',
  };
  return actor.kind === 'source'
    ? { sourceDefinitionId: actor.definitionId, sourceId: actor.id, sourceName: connectorName, ...common }
    : {
        destinationDefinitionId: actor.definitionId,
        destinationId: actor.id,
        destinationName: connectorName,
        ...common,
      };
}

function definitionVersion(
  state: CloudSimulatorState,
  actor: CloudActorRecord | undefined,
): Record<string, unknown> {
  const connector = actor
    ? actor.kind === 'source'
      ? state.registry.sourceByDefinition(actor.definitionId)
      : state.registry.destinationByDefinition(actor.definitionId)
    : undefined;
  const docker = actor ? state.dockerDefinitions.get(actor.definitionId) : undefined;
  return {
    dockerRepository:
      connector?.dockerRepository ?? docker?.dockerRepository ?? 'airbyte/source-declarative-manifest',
    dockerImageTag: connector?.dockerImageTag ?? docker?.dockerImageTag ?? '6.0.0',
    supportsRefreshes: true,
    isVersionOverrideApplied: false,
    supportLevel: 'community',
    supportState: 'supported',
    supportsFileTransfer: false,
    supportsDataActivation: false,
  };
}

/**
 * The Config API's `WebBackendConnectionRead`: the connection with its full configured catalog
 * (every discovered stream, `selected` or not, with sync modes, cursors and keys).
 *
 * @example
 * ```ts
 * presentWebBackendConnection(state, engine, connection, now).syncCatalog;
 * ```
 */
export function presentWebBackendConnection(
  state: CloudSimulatorState,
  engine: JobEngine,
  connection: CloudConnectionRecord,
  now: number,
): Record<string, unknown> {
  const source = state.sources.get(connection.sourceId);
  const destination = state.destinations.get(connection.destinationId);
  const catalog = source ? discoverSource(state, source) : [];
  const streams = catalog.map((stream) => {
    const selected = connection.streams.find(
      (config) => config.name === stream.name && config.namespace === stream.namespace,
    );
    const [syncMode, destinationSyncMode] = splitSyncMode(selected?.syncMode ?? 'full_refresh_overwrite');
    return {
      stream: {
        name: stream.name,
        jsonSchema: structuredClone(stream.jsonSchema),
        supportedSyncModes: [...stream.supportedSyncModes],
        sourceDefinedCursor: stream.sourceDefinedCursor,
        defaultCursorField: [...stream.defaultCursorField],
        sourceDefinedPrimaryKey: stream.sourceDefinedPrimaryKey.map((path) => [...path]),
        ...(stream.namespace === undefined ? {} : { namespace: stream.namespace }),
        isResumable: stream.isResumable,
        isFileBased: false,
      },
      config: {
        syncMode,
        cursorField: [...(selected?.cursorField ?? stream.defaultCursorField)],
        destinationSyncMode,
        primaryKey: (selected?.primaryKey ?? stream.sourceDefinedPrimaryKey).map((path) => [...path]),
        aliasName: stream.name,
        selected: selected !== undefined,
        suggested: true,
        fieldSelectionEnabled: selected?.selectedFields !== undefined,
        selectedFields: structuredClone(selected?.selectedFields ?? []),
        mappers: structuredClone(selected?.mappers ?? []),
        ...(selected?.includeFiles === undefined ? {} : { includeFiles: selected.includeFiles }),
      },
    };
  });
  const jobs = state.jobsOf(connection.connectionId).filter((job) => job.jobType === 'sync');
  const latest = jobs.at(-1);
  const schedule = connection.schedule;
  return {
    connectionId: connection.connectionId,
    name: connection.name,
    namespaceDefinition:
      connection.namespaceDefinition === 'custom_format' ? 'customformat' : connection.namespaceDefinition,
    ...(connection.namespaceFormat === undefined ? {} : { namespaceFormat: connection.namespaceFormat }),
    prefix: connection.prefix,
    sourceId: connection.sourceId,
    destinationId: connection.destinationId,
    syncCatalog: { streams },
    scheduleType: schedule.scheduleType,
    ...(schedule.scheduleType === 'cron'
      ? { scheduleData: { cron: { cronExpression: schedule.cronExpression, cronTimeZone: 'UTC' } } }
      : {}),
    status: connection.status,
    ...(connection.statusReason === undefined ? {} : { statusReason: connection.statusReason }),
    operationIds: [],
    ...(source ? { source: presentActorRead(state, source) } : {}),
    ...(destination ? { destination: presentActorRead(state, destination) } : {}),
    operations: [],
    ...(latest
      ? {
          latestSyncJobCreatedAt: epochSeconds(latest.createdAt),
          latestSyncJobStatus: engine.status(latest, now),
        }
      : {}),
    isSyncing: jobs.some((job) => !engine.isFinal(job, now)),
    schemaChange: 'no_change',
    notifySchemaChanges: connection.notifySchemaChanges,
    notifySchemaChangesByEmail: connection.notifySchemaChangesByEmail,
    nonBreakingChangesPreference:
      connection.nonBreakingSchemaUpdatesBehavior === 'disable_connection'
        ? 'disable'
        : connection.nonBreakingSchemaUpdatesBehavior,
    createdAt: epochSeconds(connection.createdAt),
    backfillPreference: 'disabled',
    sourceActorDefinitionVersion: definitionVersion(state, source),
    destinationActorDefinitionVersion: definitionVersion(state, destination),
    tags: structuredClone(connection.tags),
    onDemandEnabled: false,
  };
}

function presentAttempt(
  attempt: CloudAttemptView,
  logFormat: 'structured' | 'formatted',
): Record<string, unknown> {
  return {
    attempt: {
      id: attempt.attemptId,
      status: attempt.status,
      createdAt: epochSeconds(attempt.createdAt),
      updatedAt: epochSeconds(attempt.updatedAt),
      ...(attempt.endedAt === undefined ? {} : { endedAt: epochSeconds(attempt.endedAt) }),
      bytesSynced: attempt.stats.bytesCommitted,
      recordsSynced: attempt.stats.recordsCommitted,
      totalStats: {
        recordsEmitted: attempt.stats.recordsEmitted,
        bytesEmitted: attempt.stats.bytesEmitted,
        recordsCommitted: attempt.stats.recordsCommitted,
        bytesCommitted: attempt.stats.bytesCommitted,
        recordsRejected: attempt.stats.recordsRejected,
        stateMessagesEmitted: 0,
      },
      streamStats: attempt.streamStats.map((stream) => ({
        streamName: stream.streamName,
        ...(stream.streamNamespace === undefined ? {} : { streamNamespace: stream.streamNamespace }),
        stats: { ...stream.stats },
      })),
      ...(attempt.failure
        ? {
            failureSummary: {
              failures: [
                {
                  failureOrigin: attempt.failure.origin,
                  failureType: attempt.failure.type,
                  externalMessage: attempt.failure.message,
                  internalMessage: attempt.failure.message,
                  retryable: attempt.failure.retryable,
                  timestamp: attempt.failure.at,
                },
              ],
              partialSuccess: false,
            },
          }
        : {}),
    },
    logType: logFormat,
    logs:
      logFormat === 'structured'
        ? { events: attempt.events.map((event) => ({ ...event })), version: '1' }
        : { logLines: attempt.events.map(formatLogLine) },
  };
}

/**
 * The Config API's `JobInfoRead` (`POST /jobs/get`): the job plus every started attempt with
 * its stats, failure summary and logs.
 *
 * @example
 * ```ts
 * presentJobInfo(engine, job, now).attempts.length;
 * ```
 */
export function presentJobInfo(
  engine: JobEngine,
  job: CloudJobRecord,
  now: number,
): { job: Record<string, unknown>; attempts: Array<Record<string, unknown>> } {
  const attempts = engine.attempts(job, now);
  const stats = engine.stats(job, now);
  const first = attempts[0];
  return {
    job: {
      id: job.jobId,
      configType: configTypeOf[job.jobType],
      configId: job.connectionId,
      enabledStreams: job.payload.streams.map((stream) => ({
        name: stream.name,
        ...(stream.namespace === undefined ? {} : { namespace: stream.namespace }),
      })),
      createdAt: epochSeconds(job.createdAt),
      updatedAt: epochSeconds(engine.updatedAt(job, now)),
      ...(first ? { startedAt: epochSeconds(first.createdAt) } : {}),
      status: engine.status(job, now),
      aggregatedStats: { ...stats },
      streamAggregatedStats: job.payload.streams.map((stream) => {
        const share = job.payload.totalRecords === 0 ? 0 : stream.records.length / job.payload.totalRecords;
        const byteShare = job.payload.totalBytes === 0 ? 0 : stream.bytes / job.payload.totalBytes;
        return {
          streamName: stream.name,
          ...(stream.namespace === undefined ? {} : { streamNamespace: stream.namespace }),
          recordsEmitted: Math.floor(stats.recordsEmitted * share),
          bytesEmitted: Math.floor(stats.bytesEmitted * byteShare),
          recordsCommitted: Math.floor(stats.recordsCommitted * share),
          bytesCommitted: Math.floor(stats.bytesCommitted * byteShare),
          recordsRejected: 0,
        };
      }),
    },
    attempts: attempts.map((attempt) => presentAttempt(attempt, job.plan.logFormat)),
  };
}

/**
 * The Config API's `ConnectionState`.
 *
 * @example
 * ```ts
 * presentConnectionState(connectionId, undefined); // { connectionId, stateType: 'not_set' }
 * ```
 */
export function presentConnectionState(
  connectionId: string,
  state: CloudConnectionStateRecord | undefined,
): Record<string, unknown> {
  if (!state) return { stateType: 'not_set', connectionId };
  return { ...structuredClone(state), connectionId };
}

/**
 * The Config API's `OrganizationInfoRead`.
 *
 * @example
 * ```ts
 * presentOrganizationInfo(organization).billing; // { paymentStatus: 'okay', … }
 * ```
 */
export function presentOrganizationInfo(organization: CloudOrganizationRecord): Record<string, unknown> {
  return {
    organizationId: organization.organizationId,
    organizationName: organization.organizationName,
    sso: organization.sso,
    scim: organization.scim,
    ...(organization.billing ? { billing: { ...organization.billing } } : {}),
    ...(organization.organizationPlanId === undefined
      ? {}
      : { organizationPlanId: organization.organizationPlanId }),
  };
}

/**
 * The Config API's `WorkspaceRead`.
 *
 * @example
 * ```ts
 * presentWorkspaceRead(workspace).slug;
 * ```
 */
export function presentWorkspaceRead(workspace: CloudWorkspaceRecord): Record<string, unknown> {
  return {
    workspaceId: workspace.workspaceId,
    customerId: workspace.workspaceId,
    name: workspace.name,
    slug: workspace.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    initialSetupComplete: true,
    displaySetupWizard: false,
    organizationId: workspace.organizationId,
    tombstone: workspace.deleted,
    notifications: [],
  };
}
