import type { OpenApiDocument, OpenApiSchema } from './openapi-document';
import { resolveOpenApiRef } from './resolve-openapi-ref';
import { type OpenApiValidationIssue, validateOpenApiValue } from './validate-openapi-value';

/** A parameter object of an operation (OpenAPI 3.0), as far as request validation reads it. */
interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: OpenApiSchema;
}

/**
 * How to validate a request.
 *
 * @example
 * ```ts
 * const options: ValidateOpenApiRequestOptions = { pathPrefix: '', stripSuffix: '.json', undeclared: (name) => name === 'page[size]' };
 * ```
 */
export interface ValidateOpenApiRequestOptions {
  /**
   * Query parameters the operation does not declare but the API documents elsewhere (a spec may
   * describe pagination in prose only). Return true to accept one. Default: none accepted.
   */
  undeclared?: (name: string, template: string) => boolean;
  /** Required parameters that may be absent in a given request (documented alternatives). */
  optional?: (name: string, template: string, query: URLSearchParams) => boolean;
  /** A suffix the API accepts on every path but the spec leaves out (`.json` for Zendesk). */
  stripSuffix?: string;
}

/** The result: the matched template (undefined when no operation matched) and the issues. */
export interface OpenApiRequestReport {
  template: string | undefined;
  issues: OpenApiValidationIssue[];
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

/** A query string value typed as its schema asks (`"12"` → 12, `"true"` → true), or the raw string. */
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
 * Checks a request against its operation in an OpenAPI 3.0 document: the path must match an
 * operation of that method; every required path and query parameter must be there; every query
 * parameter must be declared (or accepted by `undeclared`) and its value must match the declared
 * schema, enums included, after typing the text as the schema asks.
 *
 * @example
 * ```ts
 * const report = validateOpenApiRequest(spec, 'GET', '/api/v2/users', new URLSearchParams('role=boss'));
 * report.issues; // [{ path: 'query.role', message: '… not one of end-user, agent, admin' }]
 * ```
 */
export function validateOpenApiRequest(
  document: OpenApiDocument,
  method: string,
  path: string,
  query: URLSearchParams,
  options: ValidateOpenApiRequestOptions = {},
): OpenApiRequestReport {
  const suffix = options.stripSuffix;
  const clean = suffix !== undefined && path.endsWith(suffix) ? path.slice(0, -suffix.length) : path;
  const found = findTemplate(document, clean);
  if (found === undefined)
    return { template: undefined, issues: [{ path: 'path', message: `no operation for ${clean}` }] };
  const item = document.paths?.[found.template] ?? {};
  const operation = item[method.toLowerCase()] as { parameters?: unknown[] } | undefined;
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
      issues.push({
        path: `query.${name}`,
        message: `not a parameter of ${method.toUpperCase()} ${found.template}`,
      });
    }
  }
  return { template: found.template, issues };
}
