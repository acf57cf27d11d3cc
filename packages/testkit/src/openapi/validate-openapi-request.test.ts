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
      validateOpenApiRequest(document, { method: 'GET', url: 'http://x.test/items?limit=5&kind=a' }),
    ).toEqual([]);
    expect(
      validateOpenApiRequest(document, {
        method: 'POST',
        url: '/items',
        body: '{"name":"n"}',
        contentType: json,
      }),
    ).toEqual([]);
    expect(validateOpenApiRequest(document, { method: 'DELETE', url: '/items/42' })).toEqual([]);
    expect(
      validateOpenApiRequest(document, { method: 'DELETE', url: '/api/items/mine' }, { basePath: '/api' }),
    ).toEqual([]);
  });

  it('reports undeclared operations, query parameters, bad values and bodies', () => {
    const messages = (request: Parameters<typeof validateOpenApiRequest>[1]) =>
      validateOpenApiRequest(document, request).map((issue) => `${issue.path}: ${issue.message}`);
    expect(messages({ method: 'PUT', url: '/items' })).toEqual([
      'PUT /items: no operation of the document matches',
    ]);
    expect(messages({ method: 'GET', url: '/items?limit=0&kind=c&extra=1' })).toEqual([
      expect.stringMatching(/^GET \/items query\.limit/),
      expect.stringMatching(/^GET \/items query\.kind/),
      'GET /items query.extra: query parameter not declared',
    ]);
    expect(messages({ method: 'GET', url: '/items' })).toEqual([
      'GET /items query.limit: required query parameter missing',
    ]);
    expect(messages({ method: 'POST', url: '/items' })).toEqual(['POST /items body: required body missing']);
    expect(
      messages({ method: 'POST', url: '/items', body: '{"name":"n","x":1}', contentType: json }),
    ).toContainEqual(expect.stringMatching(/^POST \/items body\.x: /));
    expect(
      messages({ method: 'POST', url: '/items', body: '{"name":""}', contentType: 'text/plain' }),
    ).toEqual(['POST /items body: content type text/plain not declared']);
    expect(messages({ method: 'DELETE', url: '/items/1', body: '{}', contentType: json })).toEqual([
      'DELETE /items/1 body: the operation takes no body',
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
