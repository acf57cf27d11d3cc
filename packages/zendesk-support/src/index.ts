export {
  type ActionMethod,
  type ConnectorClient,
  createConnectorClient,
  type EntityMethods,
  type ExecuteResult,
} from '@conduit/connector-kit';
export type { AccountRateLimit } from './account-rate-limit';
export { type ZendeskDefinition, zendeskDefinition } from './definition/definition';
export * from './definition/records';
export {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
export { createZendeskExecutor, ZENDESK_RATE_LIMIT, type ZendeskLocalExecutor } from './local-executor';
export { zendeskSyncPlan } from './sync-plan';
export {
  WATCH_SHARE,
  watchIntervalMs,
  type ZendeskChangeStreamOptions,
  zendeskChangeStream,
} from './ticket-change-stream';
export { VERSION } from './version';
export {
  mapZendeskError,
  PaginationLimitError,
  readZendeskError,
  UnprocessableRecordError,
  UpstreamRequestError,
} from './zendesk-errors';
export { ZENDESK_DEFAULT_BASE_URL, zendeskSupportModule } from './zendesk-module';
export { auditPaging, ticketPaging, zendeskCursor } from './zendesk-paging';
export { createZendeskSupport, type ZendeskSupport, type ZendeskSupportOptions } from './zendesk-support';
