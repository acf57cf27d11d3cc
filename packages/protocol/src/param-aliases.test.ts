import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineAction } from './connector-definition';
import { ValidationError } from './errors/client-errors';
import { paramsWithAliases, resolveParamAliases } from './param-aliases';
import { validateActionParams } from './validate-params';

const list = defineAction({
  kind: 'list',
  description: 'List items',
  params: z.strictObject({ limit: z.int().min(1).max(100).optional(), status: z.string().optional() }),
  paramAliases: { per_page: 'limit' },
  record: z.looseObject({ id: z.string() }),
});

function faultOf(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('param aliases', () => {
  it('renames an alias to the param it stands for before validation', () => {
    expect(validateActionParams(list, { per_page: 10, status: 'open' })).toEqual({
      limit: 10,
      status: 'open',
    });
    expect(resolveParamAliases(list, { per_page: 3 }).renamed.get('limit')).toBe('per_page');
  });

  it('reports a wrong value under the name the caller used', () => {
    const fault = faultOf(() => validateActionParams(list, { per_page: 500 }));
    expect(fault.details?.map((detail) => detail.field)).toEqual(['params.per_page']);
    expect(fault.code).toBe('invalid_param');
  });

  it('refuses a param and its alias together, naming the alias', () => {
    const fault = faultOf(() => validateActionParams(list, { per_page: 5, limit: 5 }));
    expect(fault.details).toEqual([
      {
        field: 'params.per_page',
        message: 'give limit or its alias per_page, not both',
        error_code: 'invalid_param',
      },
    ]);
  });

  it('publishes aliases in the schema surfaces check arguments against', () => {
    const schema = paramsWithAliases(list);
    expect(Object.keys(schema.shape)).toEqual(['limit', 'status', 'per_page']);
    expect(schema.shape.per_page?.description).toBe('alias of limit');
    expect(schema.safeParse({ per_page: 101 }).success).toBe(false);
    expect(schema.safeParse({ nope: 1 }).success).toBe(false);
  });
});
