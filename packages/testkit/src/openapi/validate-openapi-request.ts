import type { OpenApiDocument, OpenApiSchema } from './openapi-document';
import { resolveOpenApiRef } from './resolve-openapi-ref';
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
  /** A suffix the API accepts on every path but the spec leaves out (`.json` for Zendesk). */
  readonly stripSuffix?: string;
  /**
   * Query parameters the operation does not declare but the API documents elsewhere (a spec may
   * describe pagination in prose only). Return true to accept one. Default: none accepted.
   */
  readonly undeclared?: (name: string, template: string) => boolean;
  /** Required parameters that may be absent in a given request (documented alternatives). */
  readonly optional?: (name: string, template: string, query: URLSearchParams) => boolean;
}

/** What a request was checked against, and what was wrong with it (nothing when it conforms). */
export interface OpenApiRequestReport {
  /** The document's path template the request resolved to, if any. */
  readonly template: string | undefined;
  readonly issues: OpenApiValidationIssue[];
}

interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: OpenApiSchema;
}

function isParameter(value: unknown): value is OpenApiParameter {
  return typeof value === 'object' && value !== null && typeof (value as OpenApiParameter).name === 'string';
}

function resolve(document: OpenApiDocument, value: unknown): unknown {
  let current = value;
  for (let hops = 0; hops < 16; hops += 1) {
    const ref = (current as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string') return current;
    current = resolveOpenApiRef(document, ref);
  }
  return current;
}

/** The template a path resolves to, preferring literal segments over templated ones. */
function findTemplate(
  document: OpenApiDocument,
  path: string,
): { template: string; params: Record<string, string> } | undefined {
  const actual = path.split('/');
  let best: { template: string; params: Record<string, string>; literals: number } | undefined;
  for (const template of Object.keys(document.paths ?? {})) {
    const segments = template.split('/');
    if (segments.length !== actual.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < segments.length && ok; i += 1) {
      const segment = segments[i] as string;
      const part = actual[i] as string;
      if (/^\{[^}]+\}$/.test(segment)) {
        if (part === '') ok = false;
        else params[segment.slice(1, -1)] = decodeURIComponent(part);
      } else if (segment === part) literals += 1;
      else ok = false;
    }
    if (ok && (best === undefined || literals > best.literals)) best = { template, params, literals };
  }
  return best === undefined ? undefined : { template: best.template, params: best.params };
}

/** A value as the schema's type reads it (parameters are text on the wire; arrays comma-joined). */
function coerce(raw: string, schema: OpenApiSchema | undefined, document: OpenApiDocument): unknown {
  const resolved = resolve(document, schema) as OpenApiSchema | undefined;
  switch (resolved?.type) {
    case 'integer':
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'array':
      return raw.split(',').map((item) => coerce(item, resolved.items, document));
    default:
      return raw;
  }
}

/**
 * Checks one request against an OpenAPI 3.0 document: an operation exists for the method and path
 * (literal segments preferred), path parameters fit their schemas, every query parameter is
 * declared (or accepted by `undeclared`) and fits its schema (enums included), required ones are
 * there (unless `optional` says the request uses an alternative), and the body is present when
 * required, JSON, and valid against the request body's schema with unknown properties refused.
 *
 * @example
 * ```ts
 * const { issues } = validateOpenApiRequest(document, { method: 'GET', url: '/users?role=agent' });
 * expect(issues).toEqual([]);
 * ```
 */
export function validateOpenApiRequest(
  document: OpenApiDocument,
  request: OpenApiRequest,
  options: ValidateOpenApiRequestOptions = {},
): OpenApiRequestReport {
  const url = new URL(request.url, 'http://request.invalid');
  const basePath = options.basePath ?? '';
  let path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  const suffix = options.stripSuffix;
  if (suffix !== undefined && path.endsWith(suffix)) path = path.slice(0, -suffix.length);
  const method = request.method.toUpperCase();
  const found = findTemplate(document, path);
  if (found === undefined)
    return { template: undefined, issues: [{ path: 'path', message: `no operation for ${path}` }] };
  const item = (document.paths?.[found.template] ?? {}) as Record<string, unknown>;
  const operation = item[method.toLowerCase()] as
    | { parameters?: unknown[]; requestBody?: unknown }
    | undefined;
  if (operation === undefined) {
    return {
      template: found.template,
      issues: [{ path: 'method', message: `${method} is not an operation of ${found.template}` }],
    };
  }
  const declared = [...((item.parameters as unknown[] | undefined) ?? []), ...(operation.parameters ?? [])]
    .map((parameter) => resolve(document, parameter))
    .filter(isParameter);
  const issues: OpenApiValidationIssue[] = [];
  const check = (location: string, parameter: OpenApiParameter, raw: string): void => {
    const value = coerce(raw, parameter.schema, document);
    for (const issue of validateOpenApiValue(value, parameter.schema, { document })) {
      issues.push({
        path: `${location}.${parameter.name}${issue.path.slice(1)}`,
        message: `${JSON.stringify(raw)}: ${issue.message}`,
      });
    }
  };
  const query = url.searchParams;
  const queryNames = new Set(query.keys());
  for (const parameter of declared) {
    if (parameter.in === 'path') {
      // Some specs share one parameter list between sibling paths; only this template's apply.
      const raw = found.params[parameter.name];
      if (raw !== undefined) check('path', parameter, raw);
      continue;
    }
    if (parameter.in !== 'query') continue;
    const values = query.getAll(parameter.name);
    if (values.length === 0) {
      if (parameter.required === true && options.optional?.(parameter.name, found.template, query) !== true) {
        issues.push({ path: `query.${parameter.name}`, message: 'required parameter is missing' });
      }
      continue;
    }
    queryNames.delete(parameter.name);
    for (const raw of values) check('query', parameter, raw);
  }
  for (const name of queryNames) {
    if (options.undeclared?.(name, found.template) !== true) {
      issues.push({ path: `query.${name}`, message: `not a parameter of ${method} ${found.template}` });
    }
  }
  issues.push(...bodyIssues(document, operation.requestBody, request));
  return { template: found.template, issues };
}

function bodyIssues(
  document: OpenApiDocument,
  declared: unknown,
  request: OpenApiRequest,
): OpenApiValidationIssue[] {
  const requestBody = resolve(document, declared) as
    | { required?: boolean; content?: Record<string, { schema?: OpenApiSchema }> }
    | undefined;
  const hasBody = request.body !== undefined && request.body !== '';
  if (!requestBody) return hasBody ? [{ path: 'body', message: 'the operation takes no body' }] : [];
  if (!hasBody) return requestBody.required ? [{ path: 'body', message: 'required body missing' }] : [];
  const media = requestBody.content?.['application/json'];
  if (!media || !(request.contentType ?? '').toLowerCase().startsWith('application/json')) {
    return [{ path: 'body', message: `content type ${request.contentType ?? 'none'} not declared` }];
  }
  let body: unknown;
  try {
    body = JSON.parse(request.body!);
  } catch {
    return [{ path: 'body', message: 'not JSON' }];
  }
  const issues: OpenApiValidationIssue[] = [];
  const seen = new Set<string>();
  for (const issue of validateOpenApiValue(body, media.schema, { document, unknownProperties: 'error' })) {
    // An unknown key is reported by `additionalProperties: false` and by the unknown-key check.
    if (seen.has(issue.path)) continue;
    seen.add(issue.path);
    issues.push({ path: `body${issue.path.replace(/^\$/, '')}`, message: issue.message });
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
    const where = `${request.method} ${new URL(request.url).pathname}`;
    const report = validateOpenApiRequest(
      document,
      { method: request.method, url: request.url, body, contentType: request.headers.get('content-type') },
      options,
    );
    issues.push(...report.issues.map((issue) => ({ ...issue, path: `${where} ${issue.path}` })));
    return inner(request);
  };
  return { fetch: checkingFetch, issues, checked: () => checked };
}
