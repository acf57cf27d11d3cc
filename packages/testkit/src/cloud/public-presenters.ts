import type { CloudSimulatorState } from './cloud-simulator-state';
import { maskConfiguration } from './configuration-secrets';
import { epochSeconds, formatIsoDuration, formatOffsetDateTime } from './java-time-format';
import type { CloudJobRecord, JobEngine } from './job-engine';
import type {
  CloudActorRecord,
  CloudConnectionRecord,
  CloudDeclarativeDefinitionRecord,
  CloudDockerDefinitionRecord,
  CloudOrganizationRecord,
  CloudStreamConfigRecord,
  CloudWorkspaceRecord,
  ScheduleRecord,
} from './simulator-records';

/**
 * `WorkspaceResponse` of the public API (it has no `organizationId`).
 *
 * @example
 * ```ts
 * presentWorkspace(workspace); // { workspaceId, name, dataResidency: 'auto', notifications }
 * ```
 */
export function presentWorkspace(workspace: CloudWorkspaceRecord): Record<string, unknown> {
  return {
    workspaceId: workspace.workspaceId,
    name: workspace.name,
    dataResidency: workspace.dataResidency,
    notifications: structuredClone(workspace.notifications),
  };
}

/**
 * The secret configuration paths of an actor's connector (none for custom definitions).
 *
 * @example
 * ```ts
 * secretPathsOf(state, destination); // ['password', …] for PostgreSQL
 * ```
 */
export function secretPathsOf(state: CloudSimulatorState, actor: CloudActorRecord): string[] {
  const connector =
    actor.kind === 'source'
      ? state.registry.sourceByDefinition(actor.definitionId)
      : state.registry.destinationByDefinition(actor.definitionId);
  return connector?.secretFields ?? [];
}

/**
 * `SourceResponse` / `DestinationResponse`: secrets masked, the connector short name at top level.
 *
 * @example
 * ```ts
 * presentActor(state, source).sourceType; // 'faker'
 * ```
 */
export function presentActor(state: CloudSimulatorState, actor: CloudActorRecord): Record<string, unknown> {
  const common = {
    name: actor.name,
    definitionId: actor.definitionId,
    workspaceId: actor.workspaceId,
    configuration: maskConfiguration(actor.configuration, secretPathsOf(state, actor)),
    createdAt: epochSeconds(actor.createdAt),
    ...(actor.resourceAllocation === undefined
      ? {}
      : { resourceAllocation: structuredClone(actor.resourceAllocation) }),
  };
  return actor.kind === 'source'
    ? { sourceId: actor.id, sourceType: actor.actorType, ...common }
    : { destinationId: actor.id, destinationType: actor.actorType, ...common };
}

/**
 * A schedule as responses show it: cron expressions gain the ` UTC` suffix.
 *
 * @example
 * ```ts
 * presentSchedule({ scheduleType: 'cron', cronExpression: '0 0 12 * * ?' }); // { scheduleType: 'cron', cronExpression: '0 0 12 * * ? UTC' }
 * ```
 */
export function presentSchedule(schedule: ScheduleRecord): Record<string, unknown> {
  if (schedule.scheduleType === 'cron')
    return { scheduleType: 'cron', cronExpression: `${schedule.cronExpression} UTC` };
  if (schedule.scheduleType === 'basic') return { scheduleType: 'basic', basicTiming: schedule.basicTiming };
  return { scheduleType: 'manual' };
}

/**
 * One entry of `configurations.streams`.
 *
 * @example
 * ```ts
 * presentStreamConfiguration(stream); // { name: 'users', syncMode: 'full_refresh_overwrite', … }
 * ```
 */
export function presentStreamConfiguration(stream: CloudStreamConfigRecord): Record<string, unknown> {
  return {
    name: stream.name,
    ...(stream.namespace === undefined ? {} : { namespace: stream.namespace }),
    syncMode: stream.syncMode,
    cursorField: [...stream.cursorField],
    primaryKey: stream.primaryKey.map((path) => [...path]),
    ...(stream.selectedFields ? { selectedFields: structuredClone(stream.selectedFields) } : {}),
    mappers: structuredClone(stream.mappers),
    ...(stream.includeFiles === undefined ? {} : { includeFiles: stream.includeFiles }),
    ...(stream.destinationObjectName === undefined
      ? {}
      : { destinationObjectName: stream.destinationObjectName }),
  };
}

/**
 * `ConnectionResponse` of the public API.
 *
 * @example
 * ```ts
 * presentConnection(connection).status; // 'active'
 * ```
 */
export function presentConnection(connection: CloudConnectionRecord): Record<string, unknown> {
  return {
    connectionId: connection.connectionId,
    name: connection.name,
    sourceId: connection.sourceId,
    destinationId: connection.destinationId,
    workspaceId: connection.workspaceId,
    status: connection.status,
    schedule: presentSchedule(connection.schedule),
    nonBreakingSchemaUpdatesBehavior: connection.nonBreakingSchemaUpdatesBehavior,
    namespaceDefinition: connection.namespaceDefinition,
    ...(connection.namespaceFormat === undefined ? {} : { namespaceFormat: connection.namespaceFormat }),
    prefix: connection.prefix,
    configurations: { streams: connection.streams.map(presentStreamConfiguration) },
    createdAt: epochSeconds(connection.createdAt),
    tags: structuredClone(connection.tags),
    ...(connection.statusReason === undefined ? {} : { statusReason: connection.statusReason }),
  };
}

/**
 * `JobResponse` of the public API: `startTime` in the Java `OffsetDateTime` style,
 * `lastUpdatedAt` only once final, `duration` absent while pending, and the committed totals as
 * `bytesSynced` / `rowsSynced`.
 *
 * @example
 * ```ts
 * presentJob(engine, job); // { jobId: 1, status: 'running', jobType: 'sync', startTime: '2026-01-02T03:04:05Z', … }
 * ```
 */
export function presentJob(engine: JobEngine, job: CloudJobRecord, now: number): Record<string, unknown> {
  const status = engine.status(job, now);
  const finished = engine.finishedAt(job, now);
  const stats = engine.stats(job, now);
  const pending = engine.realStatus(job, now) === 'pending';
  return {
    jobId: job.jobId,
    status,
    jobType: job.jobType,
    connectionId: job.connectionId,
    startTime: formatOffsetDateTime(job.createdAt),
    ...(finished === undefined ? {} : { lastUpdatedAt: formatOffsetDateTime(finished) }),
    ...(pending ? {} : { duration: formatIsoDuration((finished ?? now) - job.createdAt) }),
    ...(pending ? {} : { bytesSynced: stats.bytesCommitted, rowsSynced: stats.recordsCommitted }),
  };
}

/**
 * `DeclarativeSourceDefinitionResponse`: the active manifest and its version.
 *
 * @example
 * ```ts
 * presentDeclarativeDefinition(definition).version; // 1
 * ```
 */
export function presentDeclarativeDefinition(
  definition: CloudDeclarativeDefinitionRecord,
): Record<string, unknown> {
  return {
    id: definition.id,
    name: definition.name,
    manifest: structuredClone(definition.versions.get(definition.activeVersion) ?? {}),
    version: definition.activeVersion,
  };
}

/**
 * `DefinitionResponse` of a custom Docker definition.
 *
 * @example
 * ```ts
 * presentDockerDefinition(definition).dockerImageTag; // '1.0.0'
 * ```
 */
export function presentDockerDefinition(definition: CloudDockerDefinitionRecord): Record<string, unknown> {
  return {
    id: definition.id,
    name: definition.name,
    dockerRepository: definition.dockerRepository,
    dockerImageTag: definition.dockerImageTag,
    ...(definition.documentationUrl === undefined ? {} : { documentationUrl: definition.documentationUrl }),
  };
}

/**
 * `OrganizationResponse` of the public API.
 *
 * @example
 * ```ts
 * presentOrganization(organization); // { organizationId, organizationName, email }
 * ```
 */
export function presentOrganization(organization: CloudOrganizationRecord): Record<string, unknown> {
  return {
    organizationId: organization.organizationId,
    organizationName: organization.organizationName,
    email: organization.email,
  };
}
