import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type CloudRecordedRequest,
  type CloudSimulator,
  loadOpenApiSpec,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiSchema,
  optionalSpecFile,
  resolveOpenApiRef,
  validateOpenApiValue,
} from '@conduit/testkit';

// Checks what the client asks of the public API against the platform's official SDK spec: the
// operation exists, path and query params are declared and typed (enums included), required ones
// are present, and a JSON body matches the request schema with its required fields. The
// simulator's conformance tests check the answers; this checks the questions.

/** The official SDK spec, read by tests (never copied into the project). */
export const API_SDK_SPEC_PATH = resolve(
  import.meta.dirname,
  '../../../../../shared/specs/airbyte/api_sdk.yaml',
);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The object itself, or what its `$ref` points at. */
function deref<T>(spec: OpenApiDocument, value: unknown): T {
  const ref = (value as { $ref?: unknown } | null)?.$ref;
  return (typeof ref === 'string' ? resolveOpenApiRef(spec, ref) : value) as T;
}

function findOperation(
  spec: OpenApiDocument,
  method: string,
  path: string,
): { template: string; operation: OpenApiOperation; params: Record<string, string> } | undefined {
  for (const [template, item] of Object.entries(spec.paths ?? {})) {
    const operation = (item as Record<string, OpenApiOperation | undefined>)[method.toLowerCase() as Method];
    if (!operation) continue;
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    const match = pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
    );
    return { template, operation, params };
  }
  return undefined;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: OpenApiSchema;
}

/** A query or path value as text, typed the way the spec's schema says it is read. */
function typed(text: string, schema: OpenApiSchema | undefined): unknown {
  const type = (schema as { type?: unknown } | undefined)?.type;
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/** The spec declares the token endpoint only as its OAuth2 client-credentials flow's `tokenUrl`. */
function tokenUrlOf(spec: OpenApiDocument): string | undefined {
  const schemes = (spec as { components?: { securitySchemes?: Record<string, unknown> } }).components
    ?.securitySchemes;
  for (const scheme of Object.values(schemes ?? {})) {
    const url = (scheme as { flows?: { clientCredentials?: { tokenUrl?: string } } }).flows?.clientCredentials
      ?.tokenUrl;
    if (url !== undefined) return url;
  }
  return undefined;
}

/** An OAuth2 client-credentials token request (RFC 6749 §4.4): a form with the grant and the client. */
function tokenRequestIssues(label: string, request: CloudRecordedRequest): string[] {
  const issues: string[] = [];
  if (request.method !== 'POST') issues.push(`${label}: the token request must be a POST`);
  if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    issues.push(`${label}: the token request must be form-encoded`);
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (body.grant_type !== 'client_credentials')
    issues.push(`${label}: grant_type must be client_credentials`);
  for (const field of ['client_id', 'client_secret'])
    if (typeof body[field] !== 'string' || body[field] === '') issues.push(`${label}: ${field} is missing`);
  return issues;
}

function issuesOf(spec: OpenApiDocument, request: CloudRecordedRequest, root: string): string[] {
  const label = `${request.method} ${request.path}`;
  const path = request.path.slice(root.length);
  if (path === tokenUrlOf(spec)) return tokenRequestIssues(label, request);
  const found = findOperation(spec, request.method, path);
  if (!found) return [`${label}: no such operation in api_sdk.yaml`];
  const issues: string[] = [];
  const parameters = ((found.operation as { parameters?: unknown[] }).parameters ?? []).map((parameter) =>
    deref<Parameter>(spec, parameter),
  );
  const pathItem = (spec.paths as Record<string, { parameters?: unknown[] }>)[found.template];
  for (const parameter of pathItem?.parameters ?? []) parameters.push(deref<Parameter>(spec, parameter));
  const check = (value: unknown, schema: OpenApiSchema | undefined, where: string) => {
    if (!schema) return;
    for (const issue of validateOpenApiValue(value, schema, { document: spec }))
      issues.push(`${label} ${where}${issue.path === '$' ? '' : issue.path}: ${issue.message}`);
  };
  for (const [name, values] of Object.entries(request.query)) {
    const declared = parameters.find((parameter) => parameter.in === 'query' && parameter.name === name);
    if (!declared) {
      issues.push(`${label}: query param ${name} is not in the spec`);
      continue;
    }
    const isArray = (declared.schema as { type?: unknown } | undefined)?.type === 'array';
    if (isArray) {
      const items = (declared.schema as { items?: OpenApiSchema }).items;
      values.forEach((value, index) => {
        check(typed(value, items), items, `query ${name}[${index}]`);
      });
    } else {
      if (values.length > 1) issues.push(`${label}: query param ${name} is sent ${values.length} times`);
      check(typed(values[0]!, declared.schema), declared.schema, `query ${name}`);
    }
  }
  for (const parameter of parameters) {
    if (parameter.in === 'query' && parameter.required && !(parameter.name in request.query))
      issues.push(`${label}: required query param ${parameter.name} is missing`);
    if (parameter.in === 'path') {
      const value = found.params[parameter.name];
      if (value === undefined) issues.push(`${label}: path param ${parameter.name} is missing`);
      else check(typed(value, parameter.schema), parameter.schema, `path ${parameter.name}`);
    }
  }
  const requestBody = (found.operation as { requestBody?: unknown }).requestBody;
  if (requestBody !== undefined) {
    const resolved = deref<{ required?: boolean; content?: Record<string, { schema?: OpenApiSchema }> }>(
      spec,
      requestBody,
    );
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
    const media = resolved.content?.[contentType];
    if (request.body === undefined || request.body === null) {
      if (resolved.required) issues.push(`${label}: the spec requires a body`);
    } else if (!media) {
      issues.push(`${label}: content type "${contentType}" is not one the spec accepts`);
    } else {
      check(request.body, media.schema, 'body');
    }
  }
  return issues;
}

let spec: Promise<OpenApiDocument> | undefined;

/**
 * The spec, parsed once per machine: its YAML (92k lines) takes seconds to parse, and every test
 * file of this package checks its requests, so the parse is kept as JSON in the temp directory,
 * keyed by the file's size and modification time (written atomically: workers race for it).
 */
async function loadCached(path: string): Promise<OpenApiDocument> {
  const info = statSync(path);
  const key = createHash('sha256').update(`${path}:${info.size}:${info.mtimeMs}`).digest('hex').slice(0, 16);
  const directory = join(tmpdir(), 'conduit-openapi-cache');
  const cached = join(directory, `${key}.json`);
  if (existsSync(cached)) return loadOpenApiSpec(cached);
  const document = await loadOpenApiSpec(path);
  mkdirSync(directory, { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(document));
  renameSync(partial, cached);
  return document;
}

/**
 * Every way the public-API requests a simulator received so far depart from api_sdk.yaml, one line
 * each; empty when they all conform, or when the spec is not there to check against.
 *
 * @example
 * ```ts
 * afterEach(async () => expect(await publicRequestIssues(sim)).toEqual([]));
 * ```
 */
export async function publicRequestIssues(sim: CloudSimulator): Promise<string[]> {
  if (
    optionalSpecFile(API_SDK_SPEC_PATH, 'cloud client requests checked against api_sdk.yaml') === undefined
  ) {
    return [];
  }
  spec ??= loadCached(API_SDK_SPEC_PATH);
  const document = await spec;
  const publicRoot = new URL(sim.apiRoot).pathname;
  return sim.requests
    .filter({})
    .filter((request) => request.path.startsWith(`${publicRoot}/`))
    .flatMap((request) => issuesOf(document, request, publicRoot));
}
