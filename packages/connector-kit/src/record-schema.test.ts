import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { compileRecordCheck } from './record-check';
import { recordObject } from './record-schema';

const Reference = recordObject({ gid: z.string(), name: z.string() });
const Task = recordObject({ gid: z.string(), assignee: Reference.nullable(), notes: z.string().optional() });

describe('recordObject', () => {
  it('keeps every key the upstream sends, nested and in extended schemas', () => {
    const body = { gid: '1', assignee: { gid: '2', name: 'Ada', email: 'ada@example.com' }, extra: [1] };
    expect(Task.parse(body)).toStrictEqual(body);
    const Extended = Task.extend({ due_on: z.string().nullable() });
    expect(Extended.parse({ ...body, due_on: null })).toStrictEqual({ ...body, due_on: null });
    expect(Task.pick({ gid: true }).parse(body)).toStrictEqual(body);
  });

  it('still refuses a record that lacks a required field or has a wrong type, naming the field', () => {
    const missing = Task.safeParse({ gid: '1' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['assignee']);
    expect(Task.safeParse({ gid: '1', assignee: { gid: 2, name: 'x' } }).error?.issues[0]?.path).toEqual([
      'assignee',
      'gid',
    ]);
  });

  it("compiles to the kit's record check, so list pages are used as they came", () => {
    const check = compileRecordCheck(Task);
    expect(check?.({ gid: '1', assignee: null, other: true })).toBe(true);
    expect(check?.({ gid: '1' })).toBe(false);
  });

  it('types only the declared keys: an undeclared one does not compile, a nested one is typed', () => {
    const task = Task.parse({ gid: '1', assignee: { gid: '2', name: 'Ada' } });
    expectTypeOf(task).toEqualTypeOf<{
      gid: string;
      assignee: { gid: string; name: string } | null;
      notes?: string | undefined;
    }>();
    expectTypeOf(task.assignee?.name).toEqualTypeOf<string | undefined>();
    // @ts-expect-error `nmae` is not a field of the record
    expect(task.nmae).toBeUndefined();
    // The documented escape hatch: a record widens to a plain object of unknown values.
    const raw: Record<string, unknown> = task;
    expect(raw.gid).toBe('1');
  });
});
