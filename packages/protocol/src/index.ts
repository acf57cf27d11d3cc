export {
  ACTION_KINDS,
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
  type ParamRule,
  type ParamsOf,
  type RecordOf,
  type SearchFieldType,
} from './connector-definition';
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
  describeRequest,
  isSecretName,
  REDACTED,
  type RequestDescription,
  redactHeaders,
  redactUrl,
  redactValue,
} from './redact';
export { resolveExecuteRequest, validateActionParams } from './validate-params';
export { VERSION } from './version';
