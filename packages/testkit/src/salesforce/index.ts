export { BlobContent as SalesforceBlobContent } from './blob-content';
export { generateSalesforceDataset, type SalesforceDatasetOptions } from './generate-salesforce-dataset';
export { OPPORTUNITY_STAGES, type OpportunityStageDefinition } from './opportunity-stages';
export { formatSalesforceDateTime } from './record-format';
export {
  SalesforceDataset,
  type SalesforceRecord,
  type SalesforceReportDefinition,
} from './salesforce-dataset';
export { type SalesforceErrorEntry, SalesforceHttpError } from './salesforce-http-error';
export {
  idChecksum as salesforceIdChecksum,
  normalizeId as normalizeSalesforceId,
  salesforceId,
} from './salesforce-ids';
export {
  type SalesforceRecordedRequest,
  type SalesforceRequestFilter,
  SalesforceRequestLog,
} from './salesforce-request-log';
export {
  type SalesforceFault,
  type SalesforceFaultOptions,
  type SalesforceSimulator,
  type SalesforceSimulatorClock,
  type SalesforceSimulatorOptions,
  startSalesforceSimulator,
} from './salesforce-simulator';
export type { SalesforceOAuthOptions, SalesforceTokenError } from './salesforce-token-store';
export { createSelfSignedCertificate, type SelfSignedCertificate } from './self-signed-certificate';
export {
  type SalesforceField,
  type SalesforceFieldType,
  type SalesforceObject,
  SOBJECTS as SALESFORCE_SOBJECTS,
} from './sobject-schema';
export { type CompiledSoql, compileSoql } from './soql-engine';
export { SoqlError } from './soql-error';
export { type SoqlToken, type SoqlTokenKind, tokenizeSoql } from './soql-lexer';
export {
  parseSoql,
  type SoqlCondition,
  type SoqlFieldPath,
  type SoqlOperator,
  type SoqlOrderItem,
  type SoqlQuery,
  type SoqlSelectItem,
  type SoqlValue,
} from './soql-parser';
export { parseSosl, runSosl } from './sosl-engine';
