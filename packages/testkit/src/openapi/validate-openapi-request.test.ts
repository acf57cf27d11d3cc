import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './openapi-document';
import { validateOpenApiRequest } from './validate-openapi-request';

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

describe('validateOpenApiRequest', () => {
  it('accepts a request whose params match their schemas, refs included', () => {
    const report = validateOpenApiRequest(
      spec,
      'GET',
      '/users',
      new URLSearchParams('role=agent&per_page=5'),
    );
    expect(report).toEqual({ template: '/users', issues: [] });
  });

  it('names a value outside an enum, an ill-typed value and an undeclared param', () => {
    const report = validateOpenApiRequest(
      spec,
      'GET',
      '/users',
      new URLSearchParams('role=boss&per_page=x&sort=id'),
    );
    expect(report.issues.map((issue) => issue.path)).toEqual(['query.role', 'query.per_page', 'query.sort']);
  });

  it('accepts undeclared params the caller documents, and strips a suffix', () => {
    const report = validateOpenApiRequest(spec, 'GET', '/users.json', new URLSearchParams('page[size]=10'), {
      stripSuffix: '.json',
      undeclared: (name) => name === 'page[size]',
    });
    expect(report).toEqual({ template: '/users', issues: [] });
  });

  it('prefers literal segments and checks path params', () => {
    expect(validateOpenApiRequest(spec, 'GET', '/users/me', new URLSearchParams()).template).toBe(
      '/users/me',
    );
    const bad = validateOpenApiRequest(spec, 'GET', '/users/abc', new URLSearchParams());
    expect(bad.issues.map((issue) => issue.path)).toEqual(['path.user_id']);
  });

  it('reports missing required params unless the caller allows the alternative', () => {
    expect(validateOpenApiRequest(spec, 'GET', '/export', new URLSearchParams()).issues).toHaveLength(1);
    const withCursor = validateOpenApiRequest(spec, 'GET', '/export', new URLSearchParams('cursor=abc'), {
      undeclared: (name) => name === 'cursor',
      optional: (name, _template, query) => name === 'start_time' && query.has('cursor'),
    });
    expect(withCursor.issues).toEqual([]);
  });

  it('reports unknown paths and methods', () => {
    expect(validateOpenApiRequest(spec, 'GET', '/nope', new URLSearchParams()).template).toBeUndefined();
    expect(validateOpenApiRequest(spec, 'POST', '/users', new URLSearchParams()).issues[0]?.path).toBe(
      'method',
    );
  });
});
