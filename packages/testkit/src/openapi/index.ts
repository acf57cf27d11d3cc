export { loadOpenApiSpec } from './load-openapi-spec';
export type {
  OpenApiDocument,
  OpenApiOperation,
  OpenApiPathItem,
  OpenApiReference,
  OpenApiResponse,
  OpenApiSchema,
} from './openapi-document';
export { optionalSpecFile } from './optional-spec-file';
export { resolveOpenApiRef } from './resolve-openapi-ref';
export { responseSchemaFor } from './response-schema-for';

export {
  type OpenApiCheckingFetch,
  type OpenApiRequest,
  type OpenApiRequestReport,
  openApiCheckingFetch,
  type ValidateOpenApiRequestOptions,
  validateOpenApiRequest,
} from './validate-openapi-request';

export {
  assertOpenApiValue,
  type OpenApiValidationIssue,
  type ValidateOpenApiOptions,
  validateOpenApiValue,
} from './validate-openapi-value';
