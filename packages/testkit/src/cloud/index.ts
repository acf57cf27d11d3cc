export type { CloudFaultMatch, CloudFaultSpec } from './cloud-fault-injector';
export { CloudFaultInjector } from './cloud-fault-injector';
export type { CloudRecordedRequest, CloudRequestFilter } from './cloud-request-log';
export { CloudRequestLog } from './cloud-request-log';
export type { CloudSimulatorClock } from './cloud-simulator-clock';
export { CloudSimulatorState } from './cloud-simulator-state';
export type { CloudTestSourceDefinition, CloudTestSourceStream } from './connector-registry';
export type {
  CloudAttemptView,
  CloudJobRecord,
  CloudJobType,
  CloudSyncStats,
  CloudWrittenTable,
} from './job-engine';
export type {
  CloudAttemptPlan,
  CloudFailureOrigin,
  CloudFailureType,
  CloudJobFinalStatus,
  CloudJobPlan,
  CloudStatusOverride,
} from './job-plan';
export type {
  CloudActorRecord,
  CloudBuilderProjectRecord,
  CloudCheckScript,
  CloudConnectionRecord,
  CloudConnectionStateRecord,
  CloudDeclarativeDefinitionRecord,
  CloudDockerDefinitionRecord,
  CloudOrganizationBilling,
  CloudOrganizationRecord,
  CloudStreamConfigRecord,
  CloudWorkspaceRecord,
} from './simulator-records';
export {
  type CloudSimulator,
  type CloudSimulatorAuth,
  type CloudSimulatorOptions,
  startCloudSimulator,
} from './start-cloud-simulator';
export {
  destinationTableName as cloudDestinationTableName,
  normalizeIdentifier as normalizeCloudIdentifier,
} from './table-naming';
