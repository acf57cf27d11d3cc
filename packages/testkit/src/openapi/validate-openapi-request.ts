import type { OpenApiDocument, OpenApiOperation, OpenApiSchema } from './openapi-document';
import { type OpenApiValidationIssue, validateOpenApiValue } from './validate-openapi-value';

/** A request as a client sent it. */
export interface OpenApiRequest {
  readonly method: string;
  /** The full URL, or a path with its query string. */
  readonly url: string;
  /** The body's text, when there is one. */
  readonly body?: string | undefined;
  readonly contentType?: string | null | undefined;
}

/** Options of {@link validateOpenApiRequest}. */
export interface ValidateOpenApiRequestOptions {
  /** A prefix of the service's paths left out of the document's (e.g. `/api/1.0`). Default none. */
  readonly basePath?: string;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: OpenApiSchema;
}

type MethodKey = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options';

function templatePattern(template: string): RegExp {
  const escaped = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}

/** The operation a method and path resolve to, preferring literal segments over templated ones. */
function findOperation(
  document: OpenApiDocument,
  method: string,
  pathname: string,
): { template: string; operation: OpenApiOperation } | undefined {
  const candidates = Object.entries(document.paths ?? {})
    .filter(([template]) => templatePattern(template).test(pathname))
    .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  for (const [template, item] of candidates) {
    const operation = item?.[method.toLowerCase() as MethodKey];
    if (operation) return { template, operation };
  }
  return undefined;
}

/** A query value as the schema's type reads it (query values are text on the wire). */
function queryValue(text: string, schema: OpenApiSchema | undefined): unknown {
  if (schema?.type === 'integer' || schema?.type === 'number')
    return text.trim() === '' ? text : Number(text);
  if (schema?.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/**
 * Checks one request against an OpenAPI 3.0 document: the operation exists for the method and
 * path, every query parameter is declared and fits its schema and the required ones are there,
 * and the body is present when required, JSON, and valid against the request body's schema with
 * unknown properties refused. Returns the issues (empty when the request conforms).
 *
 * @example
 * ```ts
 * const issues = validateOpenApiRequest(document, { method: 'POST', url: '/v1/items', body: '{"name":"x"}', contentType: 'application/json' });
 * expect(issues).toEqual([]);
 * ```
 */
export function validateOpenApiRequest(
  document: OpenApiDocument,
  request: OpenApiRequest,
  options: ValidateOpenApiRequestOptions = {},
): OpenApiValidationIssue[] {
  const url = new URL(request.url, 'http://request.invalid');
  const basePath = options.basePath ?? '';
  const pathname = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  const where = `${request.method.toUpperCase()} ${pathname}`;
  const found = findOperation(document, request.method, pathname);
  if (!found) return [{ path: where, message: 'no operation of the document matches' }];
  const issues: OpenApiValidationIssue[] = [];
  const parameters = ((found.operation.parameters as OpenApiParameter[] | undefined) ?? []).filter(
    (parameter) => parameter.in === 'query',
  );
  const given = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) given.set(name, [...(given.get(name) ?? []), value]);
  for (const [name, values] of given) {
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (!parameter) {
      issues.push({ path: `${where} query.${name}`, message: 'query parameter not declared' });
      continue;
    }
    const value = parameter.schema?.type === 'array' ? values : queryValue(values.at(-1)!, parameter.schema);
    for (const issue of validateOpenApiValue(value, parameter.schema, { document })) {
      issues.push({ path: `${where} query.${name}${issue.path.replace(/^\$/, '')}`, message: issue.message });
    }
  }
  for (const parameter of parameters) {
    if (parameter.required && !given.has(parameter.name)) {
      issues.push({ path: `${where} query.${parameter.name}`, message: 'required query parameter missing' });
    }
  }
  const requestBody = found.operation.requestBody as
    | { required?: boolean; content?: Record<string, { schema?: OpenApiSchema }> }
    | undefined;
  const hasBody = request.body !== undefined && request.body !== '';
  if (!requestBody) {
    if (hasBody) issues.push({ path: `${where} body`, message: 'the operation takes no body' });
    return issues;
  }
  if (!hasBody) {
    if (requestBody.required) issues.push({ path: `${where} body`, message: 'required body missing' });
    return issues;
  }
  const media = requestBody.content?.['application/json'];
  if (!media || !(request.contentType ?? '').toLowerCase().startsWith('application/json')) {
    issues.push({
      path: `${where} body`,
      message: `content type ${request.contentType ?? 'none'} not declared`,
    });
    return issues;
  }
  let body: unknown;
  try {
    body = JSON.parse(request.body!);
  } catch {
    issues.push({ path: `${where} body`, message: 'not JSON' });
    return issues;
  }
  const seen = new Set<string>();
  for (const issue of validateOpenApiValue(body, media.schema, { document, unknownProperties: 'error' })) {
    // An unknown key is reported by `additionalProperties: false` and by the unknown-key check.
    if (seen.has(issue.path)) continue;
    seen.add(issue.path);
    issues.push({ path: `${where} body${issue.path.replace(/^\$/, '')}`, message: issue.message });
  }
  return issues;
}

/** A fetch checking every request it sends against a document, with the issues it found. */
export interface OpenApiCheckingFetch {
  readonly fetch: typeof globalThis.fetch;
  /** Issues of every request so far, each path prefixed with its method and path. */
  readonly issues: OpenApiValidationIssue[];
  /** How many requests were checked. */
  readonly checked: () => number;
}

/**
 * Wraps a fetch so that every request a client sends is checked with
 * {@link validateOpenApiRequest} before it goes out; tests assert `issues` is empty at the end.
 *
 * @example
 * ```ts
 * const checking = openApiCheckingFetch(document);
 * const client = new HostedClient({ …, fetch: checking.fetch });
 * // … after the calls:
 * expect(checking.issues).toEqual([]);
 * ```
 */
export function openApiCheckingFetch(
  document: OpenApiDocument,
  inner: typeof globalThis.fetch = globalThis.fetch,
  options: ValidateOpenApiRequestOptions = {},
): OpenApiCheckingFetch {
  const issues: OpenApiValidationIssue[] = [];
  let checked = 0;
  const checkingFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const body = request.body === null ? undefined : await request.clone().text();
    checked += 1;
    issues.push(
      ...validateOpenApiRequest(
        document,
        { method: request.method, url: request.url, body, contentType: request.headers.get('content-type') },
        options,
      ),
    );
    return inner(request);
  };
  return { fetch: checkingFetch, issues, checked: () => checked };
}
