/**
 * The parts of an OpenAPI 3.0 document the validator reads. Everything else in a spec is kept as
 * unknown data: the validator is generic and never assumes one vendor's extensions.
 *
 * @example
 * ```ts
 * const spec: OpenApiDocument = await loadOpenApiSpec('specs/api.yaml');
 * const schema: OpenApiSchema | undefined = spec.components?.schemas?.Task;
 * ```
 */
export interface OpenApiDocument {
  openapi?: string;
  servers?: ReadonlyArray<{ url: string }>;
  paths?: Record<string, OpenApiPathItem | undefined>;
  components?: {
    schemas?: Record<string, OpenApiSchema | undefined>;
    responses?: Record<string, OpenApiResponse | OpenApiReference | undefined>;
    [section: string]: unknown;
  };
  [key: string]: unknown;
}

/**
 * A path item: its operations keyed by lower-case HTTP method.
 *
 * @example
 * ```ts
 * const getTask: OpenApiOperation | undefined = spec.paths?.['/tasks/{task_gid}']?.get;
 * ```
 */
export interface OpenApiPathItem {
  get?: OpenApiOperation;
  put?: OpenApiOperation;
  post?: OpenApiOperation;
  delete?: OpenApiOperation;
  patch?: OpenApiOperation;
  head?: OpenApiOperation;
  options?: OpenApiOperation;
  [key: string]: unknown;
}

/**
 * One operation: only its responses matter to response validation.
 *
 * @example
 * ```ts
 * const ok = operation.responses?.['200'];
 * ```
 */
export interface OpenApiOperation {
  operationId?: string;
  responses?: Record<string, OpenApiResponse | OpenApiReference | undefined>;
  [key: string]: unknown;
}

/**
 * A response object: its bodies keyed by media type.
 *
 * @example
 * ```ts
 * const schema = response.content?.['application/json']?.schema;
 * ```
 */
export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: OpenApiSchema } | undefined>;
  [key: string]: unknown;
}

/**
 * A `$ref` object pointing elsewhere in the same document (`#/components/schemas/Task`).
 *
 * @example
 * ```ts
 * const ref: OpenApiReference = { $ref: '#/components/schemas/Task' };
 * ```
 */
export interface OpenApiReference {
  $ref: string;
}

/**
 * An OpenAPI 3.0 schema object (the JSON Schema subset plus `nullable`). Typed loosely on purpose:
 * specs in the wild carry extensions and sloppy values, and the validator checks what it reads.
 *
 * @example
 * ```ts
 * const schema: OpenApiSchema = { type: 'object', required: ['gid'], properties: { gid: { type: 'string' } } };
 * ```
 */
export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: readonly unknown[];
  properties?: Record<string, OpenApiSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | OpenApiSchema;
  items?: OpenApiSchema;
  allOf?: readonly OpenApiSchema[];
  oneOf?: readonly OpenApiSchema[];
  anyOf?: readonly OpenApiSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  [key: string]: unknown;
}
