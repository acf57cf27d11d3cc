export { generateZendeskDataset, type ZendeskDatasetOptions } from './generate-zendesk-dataset';
export { runZendeskSimulatorMain, type ZendeskSimulatorMainHandle } from './run-zendesk-simulator-main';
export { ZendeskDataset, type ZendeskNewTicket, type ZendeskTicketPatch } from './zendesk-dataset';
export { type ZendeskFault, ZendeskFaultQueue } from './zendesk-fault-queue';
export { ZENDESK_ERRORS, ZendeskHttpError } from './zendesk-http-error';
export { ZENDESK_DEFAULT_RATE_LIMITS, type ZendeskRateLimitOptions } from './zendesk-rate-limiter';
export { zendeskRequestIssues } from './zendesk-request-conformance';
export { type ZendeskRecordedRequest, ZendeskRequestLog } from './zendesk-request-log';
export { matchZendeskRoute, ZENDESK_ROUTES, type ZendeskRoute } from './zendesk-routes';
export type {
  ZendeskAttachmentRow,
  ZendeskCommentRow,
  ZendeskTicketPriority,
  ZendeskTicketRow,
  ZendeskTicketStatus,
  ZendeskUserRole,
  ZendeskUserRow,
} from './zendesk-rows';
export {
  startZendeskSimulator,
  type ZendeskSimulator,
  type ZendeskSimulatorOptions,
} from './zendesk-simulator';
export { zendeskAttachmentBytes } from './zendesk-storage-host';
export type { ZendeskOAuthOptions } from './zendesk-token-store';
