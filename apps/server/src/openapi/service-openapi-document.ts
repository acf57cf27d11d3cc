import { ErrorBodySchema } from '@conduit/protocol';
import * as z from 'zod';
import { VERSION } from '../version';
import { type OperationSecurity, SERVICE_OPERATIONS, type ServiceOperation } from './service-operations';

type JsonObject = Record<string, unknown>;

/** A route the app registered: what `hono.routes` lists. */
export interface RegisteredRoute {
  readonly method: string;
  readonly path: string;
}

/** Options of {@link serviceOpenApiDocument}. */
export interface ServiceOpenApiOptions {
  /** Only operations whose route is registered are listed; default: every known operation. */
  readonly routes?: readonly RegisteredRoute[];
  /** Whether `/metrics` needs its token (`CONDUIT_METRICS_TOKEN`). */
  readonly metricsTokenRequired?: boolean;
  /** Operations besides the service's own (a feature's). */
  readonly operations?: readonly ServiceOperation[];
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Malformed JSON, invalid params or query (error_code says which)',
  401: 'Missing, expired or invalid token; bad client credentials',
  403: 'A scoped token acting for another external user',
  404: 'Not found (or another tenant’s)',
  409: 'Conflicts with the current state',
  413: 'Request body over 1 MiB',
  422: 'Credentials or config of the wrong shape',
  429: 'Over the per-application limit; Retry-After in seconds',
  502: 'The upstream failed or refused the credentials',
  503: 'Not ready (store unreachable); Retry-After',
  504: 'The upstream timed out',
};

const SECURITY: Readonly<Record<Exclude<OperationSecurity, 'none'>, string>> = {
  bearer: 'bearerToken',
  application: 'bearerToken',
  admin: 'adminToken',
  metrics: 'metricsToken',
};

/** A zod schema as an OpenAPI 3.0 schema object, for requests (`input`) or answers (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const converted = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as JsonObject;
  delete converted.$schema;
  return converted;
}

/** `/v1/x/:id` → `/v1/x/{id}`. */
function templateOf(route: string): string {
  return route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function parametersOf(operation: ServiceOperation): JsonObject[] {
  const path = [...operation.route.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query: JsonObject[] = [];
  if (operation.query) {
    const schema = jsonSchema(operation.query, 'input') as { properties?: JsonObject; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      query.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  return [...path, ...query];
}

/**
 * The OpenAPI 3.0 document of the service, generated from the zod schemas its routes validate
 * requests with and build answers from (`SERVICE_OPERATIONS`), so it describes what the running
 * server does: with `routes`, only the operations it registered.
 *
 * @example
 * ```ts
 * const document = serviceOpenApiDocument({ routes: app.hono.routes });
 * ```
 */
export function serviceOpenApiDocument(options: ServiceOpenApiOptions = {}): JsonObject {
  const registered =
    options.routes === undefined
      ? undefined
      : new Set(options.routes.map((route) => `${route.method.toUpperCase()} ${route.path}`));
  const schemas: Record<string, JsonObject> = { ErrorBody: jsonSchema(ErrorBodySchema, 'output') };
  const named = (name: string | undefined, schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
    if (name === undefined) return jsonSchema(schema, io);
    schemas[name] ??= jsonSchema(schema, io);
    return { $ref: `#/components/schemas/${name}` };
  };
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const operation of [...SERVICE_OPERATIONS, ...(options.operations ?? [])]) {
    if (registered && !registered.has(`${operation.method.toUpperCase()} ${operation.route}`)) continue;
    const responses: Record<string, JsonObject> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      const content: Record<string, JsonObject> = {};
      if (response.schema)
        content['application/json'] = { schema: named(response.name, response.schema, 'output') };
      for (const [type, media] of Object.entries(response.media ?? {})) content[type] = { ...media };
      responses[status] = {
        description: response.description,
        ...(Object.keys(content).length > 0 ? { content } : {}),
        ...(response.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(response.headers).map(([name, description]) => [
                  name,
                  { description, schema: { type: 'string' } },
                ]),
              ),
            }
          : {}),
      };
    }
    for (const status of operation.errors) {
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      };
    }
    const parameters = parametersOf(operation);
    const secured =
      operation.security === 'none' || (operation.security === 'metrics' && !options.metricsTokenRequired)
        ? []
        : [{ [SECURITY[operation.security]]: [] }];
    const template = templateOf(operation.route);
    paths[template] ??= {};
    paths[template][operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      tags: [operation.tag],
      security: secured,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(operation.body
        ? {
            requestBody: {
              required: operation.body.required,
              content: {
                [operation.body.mediaType ?? 'application/json']: {
                  schema: named(operation.body.name, operation.body.schema, 'input'),
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Conduit hosted connector service',
      version: VERSION,
      description:
        'Connectors of external users on third-party APIs, executed and searched through one service. ' +
        'Errors answer {message, errors: [{field?, message, error_code}]}.',
    },
    tags: [
      ...new Set(
        Object.values(paths).flatMap((item) => Object.values(item).map((op) => (op.tags as string[])[0]!)),
      ),
    ].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'An application token, or a scoped token acting for one external user',
        },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The operator’s CONDUIT_ADMIN_TOKEN' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The operator’s CONDUIT_METRICS_TOKEN' },
      },
    },
  };
}
