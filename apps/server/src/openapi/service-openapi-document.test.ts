import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import type { ConduitServer } from '../server/create-server';
import { createServer } from '../server/create-server';
import { defaultExtensions } from '../server/default-extensions';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';
import { serviceOpenApiDocument } from './service-openapi-document';
import { SERVICE_OPERATIONS } from './service-operations';

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  requestBody?: unknown;
}
type Paths = Record<string, Record<string, Operation>>;

describe('the service OpenAPI document', () => {
  let dir: string;
  let server: ConduitServer;
  let url: string;

  beforeAll(async () => {
    dir = await makeTempDir('openapi');
    server = await createServer({
      env: {},
      logger: silentLogger,
      extensions: defaultExtensions({}),
      config: { port: 0, dataDir: dir, adminToken: 'openapi-test-admin-token-0123456789abcdef' },
    });
    url = (await server.listen()).url;
  });

  afterAll(async () => {
    await server?.close();
    if (dir) await removeTempDir(dir);
  });

  it('is a valid OpenAPI document for a third-party validator', async () => {
    const result = await new Validator().validate(serviceOpenApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is served at /openapi.json without a token and lists exactly the routes the server registered', async () => {
    const response = await fetch(`${url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const document = (await response.json()) as { openapi: string; paths: Paths };
    expect((await new Validator().validate(document)).valid).toBe(true);

    const documented = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`),
    );
    const registered = server.app.hono.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`);
    expect(new Set(documented)).toEqual(new Set(registered));
    // The admin API and the features' operations are there because this server has them.
    for (const id of [
      'createApplication',
      'revokeApplication',
      'execute',
      'triggerSync',
      'updateConnector',
    ]) {
      expect(
        Object.values(document.paths).some((item) => Object.values(item).some((op) => op.operationId === id)),
      ).toBe(true);
    }
  });

  it('leaves out the admin API of a server without CONDUIT_ADMIN_TOKEN, and says which token each call needs', async () => {
    const document = serviceOpenApiDocument({
      routes: SERVICE_OPERATIONS.filter((operation) => operation.tag !== 'admin').map((operation) => ({
        method: operation.method,
        path: operation.route,
      })),
    }) as { paths: Paths };
    expect(Object.keys(document.paths).some((path) => path.startsWith('/admin/'))).toBe(false);
    expect(document.paths['/api/v1/account/applications/token']!.post!.security).toEqual([]);
    expect(document.paths['/v1/integrations/connectors/{id}']!.patch!.security).toEqual([
      { bearerToken: [] },
    ]);
    expect(document.paths['/metrics']!.get!.security).toEqual([]);
    const guarded = serviceOpenApiDocument({ metricsTokenRequired: true }) as { paths: Paths };
    expect(guarded.paths['/metrics']!.get!.security).toEqual([{ metricsToken: [] }]);
    expect(guarded.paths['/admin/v1/applications']!.get!.security).toEqual([{ adminToken: [] }]);
  });

  it('describes request bodies with the schemas the routes validate them with', async () => {
    const document = serviceOpenApiDocument() as {
      components: {
        schemas: Record<
          string,
          { properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown }
        >;
      };
    };
    const create = document.components.schemas.CreateConnectorRequest!;
    expect(create.required?.sort()).toEqual(['connector_type', 'credentials', 'external_user_id']);
    expect(create.additionalProperties).toBe(false);
    const update = document.components.schemas.UpdateConnectorRequest!;
    expect(Object.keys(update.properties ?? {}).sort()).toEqual(['config', 'credentials', 'name']);
    // A refused unknown field at the server is an unknown field in the document too.
    const refused = await fetch(`${url}/api/v1/account/applications/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'a', client_secret: 'b', extra: 1 }),
    });
    expect(refused.status).toBe(400);
    expect(document.components.schemas.ApplicationTokenRequest!.additionalProperties).toBe(false);
  });
});
