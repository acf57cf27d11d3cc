import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApiSpec } from './load-openapi-spec';
import type { OpenApiDocument } from './openapi-document';
import { responseSchemaFor } from './response-schema-for';

const yamlSpec = `
openapi: 3.0.0
servers:
  - url: https://api.example.test/v2
paths:
  /items:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json; charset=UTF-8:
              schema:
                $ref: '#/components/schemas/ItemList'
        4XX:
          $ref: '#/components/responses/Problem'
  /items/{item_id}:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Item'
        default:
          $ref: '#/components/responses/Problem'
  /items/special:
    get:
      responses:
        '200':
          description: ok
          content:
            text/plain:
              schema:
                type: string
components:
  schemas:
    Item:
      type: object
      properties:
        id: { type: string }
    ItemList:
      type: object
      properties:
        data:
          type: array
          items:
            $ref: '#/components/schemas/Item'
  responses:
    Problem:
      description: error
      content:
        application/problem+json:
          schema:
            type: object
            properties:
              message: { type: string }
`;

let directory: string;
let spec: OpenApiDocument;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'openapi-'));
  await writeFile(join(directory, 'spec.yaml'), yamlSpec);
  await writeFile(join(directory, 'spec.json'), JSON.stringify({ openapi: '3.0.0', paths: {} }));
  await writeFile(join(directory, 'list.yaml'), '- 1\n- 2\n');
  spec = await loadOpenApiSpec(join(directory, 'spec.yaml'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('loadOpenApiSpec', () => {
  it('parses YAML and JSON documents', async () => {
    expect(spec.openapi).toBe('3.0.0');
    expect(Object.keys(spec.paths ?? {})).toHaveLength(3);
    expect((await loadOpenApiSpec(join(directory, 'spec.json'))).paths).toEqual({});
  });

  it('rejects files that are not an object document', async () => {
    await expect(loadOpenApiSpec(join(directory, 'list.yaml'))).rejects.toThrow(/does not hold an OpenAPI/);
  });
});

describe('responseSchemaFor', () => {
  it('finds a schema by template or by concrete path, with or without the server base path', () => {
    expect(responseSchemaFor(spec, 'GET', '/items/{item_id}', 200)).toEqual({
      $ref: '#/components/schemas/Item',
    });
    expect(responseSchemaFor(spec, 'get', '/items/42', '200')).toEqual({ $ref: '#/components/schemas/Item' });
    expect(responseSchemaFor(spec, 'GET', '/v2/items?limit=5', 200)).toEqual({
      $ref: '#/components/schemas/ItemList',
    });
  });

  it('prefers literal path segments over parameters', () => {
    expect(responseSchemaFor(spec, 'GET', '/items/special', 200)).toEqual({ type: 'string' });
  });

  it('falls back from the exact status to its range, then to default, resolving response refs', () => {
    const problem = { type: 'object', properties: { message: { type: 'string' } } };
    expect(responseSchemaFor(spec, 'GET', '/items', 404)).toEqual(problem);
    expect(responseSchemaFor(spec, 'GET', '/items/7', 503)).toEqual(problem);
    expect(responseSchemaFor(spec, 'GET', '/items', 503)).toBeUndefined();
  });

  it('returns undefined for unknown paths and methods', () => {
    expect(responseSchemaFor(spec, 'GET', '/nothing', 200)).toBeUndefined();
    expect(responseSchemaFor(spec, 'POST', '/items', 200)).toBeUndefined();
  });
});
