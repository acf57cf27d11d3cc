import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './openapi-document';
import { openApiCheckingFetch, validateOpenApiRequest } from './validate-openapi-request';

const document: OpenApiDocument = {
  openapi: '3.0.3',
  paths: {
    '/items': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
          { name: 'kind', in: 'query', schema: { type: 'string', enum: ['a', 'b'] } },
        ],
        responses: {},
      },
      post: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewItem' } } },
        },
        responses: {},
      },
    },
    '/items/{id}': { delete: { responses: {} } },
    '/items/mine': { delete: { responses: {} } },
  },
  components: {
    schemas: {
      NewItem: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: { name: { type: 'string', minLength: 1 } },
      },
    },
  },
};

const json = 'application/json';

describe('validateOpenApiRequest', () => {
  it('accepts conforming requests', () => {
    expect(
      validateOpenApiRequest(document, { method: 'GET', url: 'http://x.test/items?limit=5&kind=a' }).issues,
    ).toEqual([]);
    expect(
      validateOpenApiRequest(document, {
        method: 'POST',
        url: '/items',
        body: '{"name":"n"}',
        contentType: json,
      }).issues,
    ).toEqual([]);
    expect(validateOpenApiRequest(document, { method: 'DELETE', url: '/items/42' }).issues).toEqual([]);
    const mine = validateOpenApiRequest(
      document,
      { method: 'DELETE', url: '/api/items/mine' },
      { basePath: '/api' },
    );
    expect(mine).toEqual({ template: '/items/mine', issues: [] });
  });

  it('reports undeclared operations, query parameters, bad values and bodies', () => {
    const messages = (request: Parameters<typeof validateOpenApiRequest>[1]) =>
      validateOpenApiRequest(document, request).issues.map((issue) => `${issue.path}: ${issue.message}`);
    expect(messages({ method: 'PUT', url: '/items' })).toEqual(['method: PUT is not an operation of /items']);
    expect(messages({ method: 'GET', url: '/items?limit=0&kind=c&extra=1' })).toEqual([
      expect.stringMatching(/^query\.limit/),
      expect.stringMatching(/^query\.kind/),
      'query.extra: not a parameter of GET /items',
    ]);
    expect(messages({ method: 'GET', url: '/items' })).toEqual([
      'query.limit: required parameter is missing',
    ]);
    expect(messages({ method: 'POST', url: '/items' })).toEqual(['body: required body missing']);
    expect(
      messages({ method: 'POST', url: '/items', body: '{"name":"n","x":1}', contentType: json }),
    ).toContainEqual(expect.stringMatching(/^body\.x: /));
    expect(
      messages({ method: 'POST', url: '/items', body: '{"name":""}', contentType: 'text/plain' }),
    ).toEqual(['body: content type text/plain not declared']);
    expect(messages({ method: 'DELETE', url: '/items/1', body: '{}', contentType: json })).toEqual([
      'body: the operation takes no body',
    ]);
  });

  it('checks what a client sends through a fetch, and still sends it', async () => {
    const received: string[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push(`${request.method} ${request.url} ${body}`);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const checking = openApiCheckingFetch(document);
      await checking.fetch(`${base}/items`, {
        method: 'POST',
        body: '{"name":"n"}',
        headers: { 'content-type': json },
      });
      await checking.fetch(`${base}/items?limit=2`);
      expect(checking.issues).toEqual([]);
      await checking.fetch(`${base}/items`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': json },
      });
      expect(checking.issues.length).toBeGreaterThan(0);
      expect(checking.issues.every((issue) => issue.path.startsWith('POST /items body'))).toBe(true);
      expect(checking.checked()).toBe(3);
      expect(received).toEqual(['POST /items {"name":"n"}', 'GET /items?limit=2 ', 'POST /items {}']);
    } finally {
      server.close();
    }
  });
});

const spec: OpenApiDocument = {
  paths: {
    '/users': {
      get: {
        parameters: [
          { name: 'role', in: 'query', schema: { type: 'string', enum: ['end-user', 'agent', 'admin'] } },
          { $ref: '#/components/parameters/PerPage' },
        ],
      },
    },
    '/users/me': { get: {} },
    '/users/{user_id}': {
      parameters: [{ name: 'user_id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {},
    },
    '/export': {
      get: { parameters: [{ name: 'start_time', in: 'query', required: true, schema: { type: 'integer' } }] },
    },
  },
  components: { parameters: { PerPage: { name: 'per_page', in: 'query', schema: { type: 'integer' } } } },
};

describe('validateOpenApiRequest on parameters: refs, path params, documented extras', () => {
  it('accepts a request whose params match their schemas, refs included', () => {
    const report = validateOpenApiRequest(spec, { method: 'GET', url: '/users?role=agent&per_page=5' });
    expect(report).toEqual({ template: '/users', issues: [] });
  });

  it('names a value outside an enum, an ill-typed value and an undeclared param', () => {
    const report = validateOpenApiRequest(spec, {
      method: 'GET',
      url: '/users?role=boss&per_page=x&sort=id',
    });
    expect(report.issues.map((issue) => issue.path)).toEqual(['query.role', 'query.per_page', 'query.sort']);
  });

  it('accepts undeclared params the caller documents, and strips a suffix', () => {
    const report = validateOpenApiRequest(
      spec,
      { method: 'GET', url: '/users.json?page[size]=10' },
      {
        stripSuffix: '.json',
        undeclared: (name) => name === 'page[size]',
      },
    );
    expect(report).toEqual({ template: '/users', issues: [] });
  });

  it('prefers literal segments and checks path params', () => {
    expect(validateOpenApiRequest(spec, { method: 'GET', url: '/users/me' }).template).toBe('/users/me');
    const bad = validateOpenApiRequest(spec, { method: 'GET', url: '/users/abc' });
    expect(bad.issues.map((issue) => issue.path)).toEqual(['path.user_id']);
  });

  it('reports missing required params unless the caller allows the alternative', () => {
    expect(validateOpenApiRequest(spec, { method: 'GET', url: '/export' }).issues).toHaveLength(1);
    const withCursor = validateOpenApiRequest(
      spec,
      { method: 'GET', url: '/export?cursor=abc' },
      {
        undeclared: (name) => name === 'cursor',
        optional: (name, _template, query) => name === 'start_time' && query.has('cursor'),
      },
    );
    expect(withCursor.issues).toEqual([]);
  });

  it('reports unknown paths and methods', () => {
    expect(validateOpenApiRequest(spec, { method: 'GET', url: '/nope' }).template).toBeUndefined();
    expect(validateOpenApiRequest(spec, { method: 'POST', url: '/users' }).issues[0]?.path).toBe('method');
  });
});
