import { ResponseValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, OpenApiSchema } from './openapi-document';
import { assertOpenApiValue, validateOpenApiValue } from './validate-openapi-value';

const document: OpenApiDocument = {
  openapi: '3.0.0',
  components: {
    schemas: {
      UserCompact: {
        type: 'object',
        properties: { gid: { type: 'string' }, resource_type: { type: 'string' }, name: { type: 'string' } },
      },
      Task: {
        allOf: [
          { $ref: '#/components/schemas/UserCompact' },
          {
            type: 'object',
            required: ['gid'],
            properties: {
              completed: { type: 'boolean' },
              num_subtasks: { type: 'integer', minimum: 0 },
              due_on: { type: 'string', format: 'date', nullable: true },
              created_at: { type: 'string', format: 'date-time' },
              color: { type: 'string', nullable: true, enum: ['red', 'blue', null] },
              assignee: { allOf: [{ $ref: '#/components/schemas/UserCompact' }, { nullable: true }] },
              tags: { type: 'array', items: { $ref: '#/components/schemas/UserCompact' }, maxItems: 3 },
              permalink_url: { type: 'string', format: 'uri' },
            },
          },
        ],
      },
      Closed: {
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: false,
      },
      Map: { type: 'object', additionalProperties: { type: 'number' } },
      Shape: {
        oneOf: [
          { type: 'object', required: ['radius'], properties: { radius: { type: 'number' } } },
          { type: 'object', required: ['side'], properties: { side: { type: 'number' } } },
        ],
      },
      Either: { anyOf: [{ type: 'string', pattern: '^\\d+$' }, { type: 'integer' }] },
      'Weird~Name/x': { type: 'string', minLength: 2 },
    },
  },
};

const ref = (name: string): OpenApiSchema => ({ $ref: `#/components/schemas/${name}` });
const check = (value: unknown, schema: OpenApiSchema, unknownProperties: 'allow' | 'error' = 'allow') =>
  validateOpenApiValue(value, schema, { document, unknownProperties });

const validTask = {
  gid: '1',
  resource_type: 'task',
  name: 'Write docs',
  completed: false,
  num_subtasks: 2,
  due_on: null,
  created_at: '2025-01-02T03:04:05.678Z',
  color: null,
  assignee: null,
  tags: [{ gid: '2', name: 'urgent' }],
  permalink_url: 'https://example.test/1',
};

describe('validateOpenApiValue', () => {
  it('accepts a value that conforms, following $ref and allOf', () => {
    expect(check(validTask, ref('Task'), 'error')).toEqual([]);
  });

  it('names the JSON path of a wrong type deep inside the value', () => {
    const issues = check({ ...validTask, tags: [{ gid: 2 }] }, ref('Task'));
    expect(issues).toEqual([{ path: '$.tags[0].gid', message: 'expected string, got integer' }]);
  });

  it('honours nullable, including nullable spread over an allOf sibling', () => {
    expect(check({ ...validTask, assignee: null, due_on: null }, ref('Task'))).toEqual([]);
    expect(check({ ...validTask, completed: null }, ref('Task'))).toEqual([
      { path: '$.completed', message: 'expected boolean, got null' },
    ]);
  });

  it('lets a later allOf member make a property of an earlier one nullable', () => {
    const relaxed: OpenApiSchema = {
      allOf: [
        { $ref: '#/components/schemas/Task' },
        { type: 'object', properties: { completed: { type: 'boolean', nullable: true } } },
      ],
    };
    expect(check({ ...validTask, completed: null }, relaxed)).toEqual([]);
    expect(check({ ...validTask, name: null }, relaxed)).toEqual([
      { path: '$.name', message: 'expected string, got null' },
    ]);
  });

  it('reports missing required properties and enum violations', () => {
    const { gid: _gid, ...withoutGid } = validTask;
    expect(check({ ...withoutGid, color: 'green' }, ref('Task'))).toEqual([
      { path: '$.gid', message: 'is required but missing' },
      { path: '$.color', message: '"green" is not one of ["red","blue",null]' },
    ]);
  });

  it('distinguishes integer from number and checks bounds', () => {
    expect(check({ ...validTask, num_subtasks: 1.5 }, ref('Task'))[0]?.message).toBe(
      'expected integer, got number',
    );
    expect(check({ ...validTask, num_subtasks: -1 }, ref('Task'))[0]?.message).toBe(
      '-1 is below the minimum 0',
    );
  });

  it('checks date, date-time and uri formats loosely, and can skip them', () => {
    expect(check({ ...validTask, permalink_url: 'example.com/relative' }, ref('Task'))).toEqual([]);
    const bad = { ...validTask, due_on: '2025-13-45x', created_at: 'yesterday', permalink_url: 'not a url' };
    expect(check(bad, ref('Task')).map((issue) => issue.path)).toEqual([
      '$.due_on',
      '$.created_at',
      '$.permalink_url',
    ]);
    expect(validateOpenApiValue(bad, ref('Task'), { document, checkFormats: false })).toEqual([]);
  });

  it('enforces additionalProperties false and schema-valued additionalProperties', () => {
    expect(check({ a: 'x', b: 1 }, ref('Closed'))).toEqual([
      { path: '$.b', message: 'is not allowed (additionalProperties: false)' },
    ]);
    expect(check({ one: 1, two: 'two' }, ref('Map'))).toEqual([
      { path: '$.two', message: 'expected number, got string' },
    ]);
  });

  it('reports undeclared keys on demand, against the union of allOf members', () => {
    expect(check({ ...validTask, surprise: true }, ref('Task'), 'allow')).toEqual([]);
    expect(check({ ...validTask, surprise: true }, ref('Task'), 'error')).toEqual([
      { path: '$.surprise', message: 'is not declared by the schema' },
    ]);
    // Free-form objects declare nothing, so nothing is unknown.
    expect(check({ anything: 1 }, { type: 'object' }, 'error')).toEqual([]);
  });

  it('requires exactly one oneOf branch and at least one anyOf branch', () => {
    expect(check({ radius: 1 }, ref('Shape'))).toEqual([]);
    expect(check({ radius: 1, side: 2 }, ref('Shape'))[0]?.message).toBe(
      'matches 2 oneOf branches, expected exactly one',
    );
    expect(check({}, ref('Shape'))[0]?.message).toBe('matches none of the oneOf branches');
    expect(check('123', ref('Either'))).toEqual([]);
    expect(check(7, ref('Either'))).toEqual([]);
    expect(check('abc', ref('Either')).map((issue) => issue.message)).toContain(
      'matches none of the anyOf branches',
    );
  });

  it('checks array bounds and string lengths, and quotes odd keys in paths', () => {
    const tags = [{ gid: '1' }, { gid: '2' }, { gid: '3' }, { gid: '4' }];
    expect(check({ ...validTask, tags }, ref('Task'))[0]?.message).toBe('has more than 3 items');
    expect(check('x', { $ref: '#/components/schemas/Weird~0Name~1x' })[0]?.message).toBe(
      'shorter than 2 characters',
    );
    expect(
      check({ 'odd key': 1 }, { type: 'object', properties: { 'odd key': { type: 'string' } } })[0]?.path,
    ).toBe('$["odd key"]');
  });

  it('stops at maxIssues', () => {
    const issues = validateOpenApiValue(
      Array.from({ length: 10 }, () => 1),
      { type: 'array', items: { type: 'string' } },
      { document, maxIssues: 3 },
    );
    expect(issues).toHaveLength(3);
  });

  it('throws a ResponseValidationError naming each path from assertOpenApiValue', () => {
    expect(() =>
      assertOpenApiValue({ ...validTask, gid: 1 }, ref('Task'), { document, label: 'task' }),
    ).toThrow(ResponseValidationError);
    try {
      assertOpenApiValue({ ...validTask, gid: 1 }, ref('Task'), { document, label: 'task' });
    } catch (error) {
      expect((error as ResponseValidationError).details).toEqual([
        { field: '$.gid', message: 'expected string, got integer', error_code: 'schema_mismatch' },
      ]);
      expect((error as Error).message).toBe(
        'task does not match its schema: $.gid: expected string, got integer',
      );
    }
  });

  it('rejects remote and unresolvable refs loudly instead of passing the value', () => {
    expect(() => check('x', { $ref: 'https://example.test/schema.json' })).toThrow(/local \$ref/);
    expect(() => check('x', ref('Missing'))).toThrow(/Unresolvable \$ref/);
  });
});
