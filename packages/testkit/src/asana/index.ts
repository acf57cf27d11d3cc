export {
  asanaAttachmentBytes,
  attachmentContentChunks as asanaAttachmentContentChunks,
} from '../core/attachment-content';
export {
  /** @deprecated Use `createSimulatorClock`; this name goes in the next minor version. */
  createSimulatorClock as createAsanaSimulatorClock,
  /** @deprecated Use `SimulatorClock`, every simulator's clock; this name goes in the next minor version. */
  type SimulatorClock as AsanaSimulatorClock,
} from '../core/simulator-clock';
export { type ApiRoute as AsanaApiRoute, ASANA_ROUTES } from './api-routes';
export {
  AsanaDataset,
  type AsanaNewAttachment,
  type AsanaNewTask,
  type AsanaTaskFilter,
  type AsanaTaskPatch,
} from './asana-dataset';
export { ASANA_ERROR_HELP, AsanaHttpError, asanaErrorBody } from './asana-http-error';
export {
  type AsanaSimulator,
  type AsanaSimulatorOptions,
  type AsanaSimulatorTokens,
  startAsanaSimulator,
} from './asana-simulator';
export {
  ASANA_DATASET_PRESETS,
  type AsanaDatasetOptions,
  type AsanaDatasetPreset,
  type AsanaLargeProjectOptions,
  resolveAsanaDatasetOptions,
} from './dataset-options';
export type {
  AsanaAttachmentHost,
  AsanaAttachmentRow,
  AsanaProjectRow,
  AsanaSectionRow,
  AsanaTagRow,
  AsanaTaskSnapshot,
  AsanaTeamRow,
  AsanaUserRow,
  AsanaWorkspaceRow,
} from './dataset-rows';
export { type AsanaEvent, AsanaEventLog, type AsanaEventResource } from './event-log';
export {
  SYNC_TOKEN_EXPIRED_MESSAGE as ASANA_SYNC_TOKEN_EXPIRED_MESSAGE,
  SYNC_TOKEN_TTL_MS as ASANA_SYNC_TOKEN_TTL_MS,
} from './events-endpoint';
export {
  type AsanaFault,
  type AsanaFaultHandle,
  AsanaFaultInjector,
  type AsanaFaultMatch,
  type AsanaRequestTarget,
} from './fault-injector';
export { RATE_LIMIT_MESSAGE as ASANA_RATE_LIMIT_MESSAGE } from './fault-responses';
export { generateAsanaDataset } from './generate-dataset';
export { OFFSET_MESSAGES as ASANA_OFFSET_MESSAGES } from './offset-token';
export { RESULT_TOO_LARGE as ASANA_RESULT_TOO_LARGE } from './paginate';
export { type AsanaRateLimitOptions, DEFAULT_RATE_LIMITS as ASANA_DEFAULT_RATE_LIMITS } from './rate-limiter';
export { type AsanaRecordedRequest, type AsanaRequestFilter, AsanaRequestLog } from './request-log';
// Prefixed in the barrel so it can sit next to other simulators' entry points in the testkit index.
export {
  parseRateSpec as parseAsanaRateSpec,
  type RunSimulatorMainIo as AsanaSimulatorMainIo,
  runSimulatorMain as runAsanaSimulatorMain,
  type SimulatorMainHandle as AsanaSimulatorMainHandle,
} from './run-simulator-main';
export {
  DEPENDENCIES_PREMIUM_MESSAGE as ASANA_DEPENDENCIES_PREMIUM_MESSAGE,
  TASK_FILTER_MESSAGE as ASANA_TASK_FILTER_MESSAGE,
} from './task-endpoints';
export { SEARCH_PREMIUM_MESSAGE as ASANA_SEARCH_PREMIUM_MESSAGE } from './task-search-endpoint';
export type { AsanaOAuthOptions } from './token-store';
