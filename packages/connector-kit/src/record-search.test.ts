import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod';
import { compileRecordCheck } from './record-check';
import { searchRecordSchema } from './record-search';

const schema = searchRecordSchema({
  name: 'string',
  size: 'integer',
  done: 'boolean',
  tags: 'array',
  via: 'object',
});

describe('searchRecordSchema', () => {
  it('types each searchable field optional and nullable, and refuses a field that is not one', () => {
    type Data = z.output<typeof schema>;
    expectTypeOf<Data['name']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Data['size']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Data['via']>().toEqualTypeOf<Record<string, unknown> | null | undefined>();
    const data = {} as Data;
    // @ts-expect-error `notes` is not searchable
    void data.notes;
  });

  it('accepts a projection (fields left out) and keeps fields it does not declare', () => {
    const hit = { name: 'Launch', notes: 'kept', tags: ['a'] };
    expect(schema.parse(hit)).toStrictEqual(hit);
    expect(schema.safeParse({ name: 1 }).error?.issues[0]?.path).toEqual(['name']);
    expect(compileRecordCheck(schema)?.(hit)).toBe(true);
  });
});
