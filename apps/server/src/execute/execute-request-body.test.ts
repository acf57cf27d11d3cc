import { ExecuteRequestSchema } from '@conduit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBody } from '../validation/parse-body';
import { parseExecuteRequest } from './execute-request-body';

function outcome(parse: () => unknown): { ok: unknown } | { error: unknown } {
  try {
    return { ok: parse() };
  } catch (error) {
    const { message, status, code, details } = error as Record<string, unknown>;
    return { error: { message, status, code, details } };
  }
}

describe('parseExecuteRequest', () => {
  it('reads a well-formed body, null or absent params as {}', () => {
    expect(parseExecuteRequest({ entity: 'tasks', action: 'get', params: { task_gid: '1' } })).toEqual({
      entity: 'tasks',
      action: 'get',
      params: { task_gid: '1' },
    });
    expect(parseExecuteRequest({ entity: 'tasks', action: 'list', params: null }).params).toEqual({});
    expect(parseExecuteRequest({ entity: 'tasks', action: 'list' }).params).toEqual({});
  });

  it('gives a copy of params, never the body itself', () => {
    const params = { task_gid: '1' };
    expect(parseExecuteRequest({ entity: 'tasks', action: 'get', params }).params).not.toBe(params);
  });

  it('judges every body exactly as the schema does', () => {
    const name = fc.oneof(
      fc.string({ maxLength: 3 }),
      fc.string({ minLength: 60, maxLength: 70 }),
      fc.string({ minLength: 125, maxLength: 130 }),
      fc.integer(),
      fc.constant(null),
    );
    const params = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 })),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.string({ maxLength: 2 }),
      fc.constant(JSON.parse('{"__proto__":{"x":1},"a":1}')),
      fc.constant(Object.create(null)),
    );
    const body = fc.record(
      { entity: name, action: name, params, extra: fc.jsonValue({ maxDepth: 0 }) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (input) => {
        expect(outcome(() => parseExecuteRequest(input))).toEqual(
          outcome(() => parseBody(ExecuteRequestSchema, input)),
        );
      }),
      { numRuns: 3000 },
    );
  });
});
