import type {
  OpenApiDocument,
  OpenApiOperation,
  OpenApiPathItem,
  OpenApiReference,
  OpenApiResponse,
  OpenApiSchema,
} from './openapi-document';
import { resolveOpenApiRef } from './resolve-openapi-ref';

function isReference(value: unknown): value is OpenApiReference {
  return typeof value === 'object' && value !== null && typeof (value as OpenApiReference).$ref === 'string';
}

function templateMatches(template: string, path: string): boolean {
  const templateSegments = template.split('/');
  const pathSegments = path.split('/');
  if (templateSegments.length !== pathSegments.length) return false;
  return templateSegments.every((segment, index) => {
    const actual = pathSegments[index] ?? '';
    return /^\{[^}]+\}$/.test(segment) ? actual.length > 0 : segment === actual;
  });
}

function countParameters(template: string): number {
  return template.split('/').filter((segment) => segment.startsWith('{')).length;
}

/**
 * Finds the path item for a concrete or templated path. Literal segments beat parameters, so
 * `/users/me` prefers a `/users/me` entry over `/users/{user_gid}` when a spec has both.
 */
function findPathItem(document: OpenApiDocument, path: string): OpenApiPathItem | undefined {
  const paths = document.paths ?? {};
  const exact = paths[path];
  if (exact !== undefined) return exact;
  const candidates = Object.keys(paths)
    .filter((template) => templateMatches(template, path))
    .sort((left, right) => countParameters(left) - countParameters(right));
  const best = candidates[0];
  return best === undefined ? undefined : paths[best];
}

/** Server URLs may carry a base path (`https://host/api/1.0`); callers may pass paths with or without it. */
function serverBasePaths(document: OpenApiDocument): string[] {
  const bases: string[] = [];
  for (const server of document.servers ?? []) {
    const pathname = URL.canParse(server.url) ? new URL(server.url).pathname : server.url;
    const trimmed = pathname.replace(/\/+$/, '');
    if (trimmed !== '' && trimmed.startsWith('/')) bases.push(trimmed);
  }
  return bases;
}

function pickJsonSchema(response: OpenApiResponse): OpenApiSchema | undefined {
  const content = response.content ?? {};
  const mediaTypes = Object.keys(content);
  const preferred =
    mediaTypes.find((type) => type.split(';')[0]?.trim() === 'application/json') ??
    mediaTypes.find((type) => /[/+]json\b/.test(type)) ??
    mediaTypes[0];
  return preferred === undefined ? undefined : content[preferred]?.schema;
}

/**
 * The schema of the response body an operation declares for a status: the exact code first, then
 * its range (`4XX`), then `default`. `path` may be the spec's template (`/tasks/{task_gid}`) or a
 * concrete request path (`/tasks/123`, with or without the server's base path and query string).
 * Returns undefined when the spec declares no such operation, status or JSON body.
 *
 * @example
 * ```ts
 * const schema = responseSchemaFor(spec, 'GET', '/api/1.0/tasks/123?opt_fields=name', 200);
 * expect(validateOpenApiValue(body, schema, { document: spec })).toEqual([]);
 * ```
 */
export function responseSchemaFor(
  document: OpenApiDocument,
  method: string,
  path: string,
  status: number | string,
): OpenApiSchema | undefined {
  const pathname = path.split('?')[0] ?? path;
  let item = findPathItem(document, pathname);
  if (item === undefined) {
    for (const base of serverBasePaths(document)) {
      if (pathname.startsWith(`${base}/`)) item = findPathItem(document, pathname.slice(base.length));
      if (item !== undefined) break;
    }
  }
  const operation = item?.[method.toLowerCase()] as OpenApiOperation | undefined;
  const responses = operation?.responses;
  if (responses === undefined) return undefined;
  const code = String(status);
  const declared =
    responses[code] ??
    responses[`${code[0]}XX`] ??
    responses[`${code[0]}xx`] ??
    responses.default ??
    undefined;
  if (declared === undefined) return undefined;
  const response = (isReference(declared) ? resolveOpenApiRef(document, declared.$ref) : declared) as
    | OpenApiResponse
    | undefined;
  return response === undefined ? undefined : pickJsonSchema(response);
}
