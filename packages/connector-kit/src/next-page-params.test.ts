import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { nextPageParams } from './next-page-params';
import { pageParams } from './page-params';
import { defineConnectorAction } from './upstream-spec';

const listOf = (params: z.ZodObject, rules?: Parameters<typeof defineConnectorAction>[0]['rules']) =>
  defineConnectorAction({
    kind: 'list',
    description: 'List items',
    params,
    record: z.looseObject({ id: z.string() }),
    rules,
    upstream: { path: '/items' },
  });

const action = listOf(z.strictObject({ ...pageParams({ maxLimit: 100 }), project: z.string() }));
const validated = { project: '1', limit: 100 };

describe('nextPageParams', () => {
  it('gives the first page params with the next offset, when the offset param accepts it', () => {
    expect(nextPageParams(action, validated, 'eyJ0eXAi')).toEqual({ ...validated, offset: 'eyJ0eXAi' });
    expect(nextPageParams(action, validated, 'x'.repeat(4096))?.offset).toHaveLength(4096);
    expect(nextPageParams(action, validated, '')).toBeUndefined();
    expect(nextPageParams(action, validated, 'x'.repeat(4097))).toBeUndefined();
  });

  it('accepts an offset (checked by hand) only when the whole params schema does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 3 }),
          fc.string({ unit: 'grapheme', maxLength: 2 }),
          fc.string({ minLength: 4094, maxLength: 4098 }),
        ),
        (offset) => {
          const whole = action.params.safeParse({ ...validated, offset });
          const next = nextPageParams(action, validated, offset);
          expect(next !== undefined, JSON.stringify(offset)).toBe(whole.success);
          if (whole.success) expect(next).toEqual(whole.data);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('checks an offset schema it cannot check by hand with zod', () => {
    const tokens = listOf(
      z.strictObject({
        offset: z
          .string()
          .regex(/^p\d+$/)
          .optional(),
      }),
    );
    expect(nextPageParams(tokens, {}, 'p2')).toEqual({ offset: 'p2' });
    expect(nextPageParams(tokens, {}, 'two')).toBeUndefined();
  });

  it('leaves the offset to the whole params schema when a rule or a refinement sees it', () => {
    const ruled = listOf(
      z.strictObject({ ...pageParams({ maxLimit: 100 }), project: z.string().optional() }),
      [{ kind: 'at-least-one', params: ['project', 'offset'], message: 'give a project or an offset' }],
    );
    expect(nextPageParams(ruled, {}, 'p2')).toBeUndefined();
    const refined = listOf(
      z
        .strictObject({ ...pageParams({ maxLimit: 100 }) })
        .refine((params) => params.offset !== 'p3', 'p3 is not a page'),
    );
    expect(nextPageParams(refined, {}, 'p2')).toBeUndefined();
  });
});
