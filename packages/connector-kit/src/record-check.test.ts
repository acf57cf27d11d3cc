import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { compileRecordCheck } from './record-check';

// Shapes like a connector's list records: loose objects of plain fields, nullable references.
const CommonListRecord = z.looseObject({
  gid: z.string(),
  resource_type: z.string(),
  name: z.string().nullable(),
});
const TaskListRecord = CommonListRecord.extend({
  resource_subtype: z.string(),
  created_by: z.looseObject({ gid: z.string() }).nullable(),
});
const AttachmentListRecord = CommonListRecord.extend({ resource_subtype: z.string() });

describe('compileRecordCheck', () => {
  it('compiles the list records of the definition', () => {
    for (const schema of [CommonListRecord, TaskListRecord, AttachmentListRecord]) {
      expect(compileRecordCheck(schema)).toBeTypeOf('function');
    }
  });

  it('gives up on what zod would change or refine, so the caller parses with zod', () => {
    const unsupported: z.ZodType[] = [
      z.object({ gid: z.string() }), // strips unknown keys
      z.strictObject({ gid: z.string() }),
      z.looseObject({ gid: z.string().regex(/^\d+$/) }),
      z.looseObject({ gid: z.string().min(1).trim() }),
      z.looseObject({ size: z.number().int().min(0) }),
      z.looseObject({ gid: z.string().transform((gid) => Number(gid)) }),
      z.looseObject({ done: z.boolean().default(false) }),
      z.looseObject({ gid: z.union([z.string(), z.number().transform(String)]) }),
      z.array(z.string()).min(1),
    ];
    for (const schema of unsupported) expect(compileRecordCheck(schema)).toBeUndefined();
  });

  it('accepts a JSON record exactly when zod does, and zod returns it unchanged', () => {
    const check = compileRecordCheck(TaskListRecord)!;
    const value = fc.oneof(
      fc.string(),
      fc.constant(null),
      fc.constant(undefined),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 2 }),
    );
    const reference = fc.oneof(
      fc.constant(null),
      fc.record({ gid: value }, { requiredKeys: [] }),
      fc.record({ gid: fc.string(), resource_type: fc.string(), extra: value }, { requiredKeys: ['gid'] }),
      value,
    );
    const record = fc.oneof(
      fc.record(
        {
          gid: fc.oneof(fc.string(), value),
          resource_type: fc.oneof(fc.string(), value),
          name: fc.oneof(fc.string(), fc.constant(null), value),
          resource_subtype: fc.oneof(fc.string(), value),
          created_by: reference,
          notes: value,
        },
        { requiredKeys: ['gid', 'resource_type', 'name', 'resource_subtype', 'created_by'] },
      ),
      fc.record({ gid: fc.string() }),
      fc.array(fc.string()),
      value,
    );
    fc.assert(
      // Upstream records are JSON: round-trip each candidate as the transport would parse it.
      fc.property(record, (generated) => {
        const text = JSON.stringify(generated);
        const candidate: unknown = text === undefined ? undefined : JSON.parse(text);
        const parsed = TaskListRecord.safeParse(candidate);
        expect(check(candidate)).toBe(parsed.success);
        if (parsed.success) expect(parsed.data).toStrictEqual(candidate);
      }),
      { numRuns: 2_000 },
    );
  });

  it('handles integers, enums, literals and unions of plain checks exactly as zod does', () => {
    const schema = z.looseObject({
      id: z.number().int(),
      n: z.int(),
      priority: z.enum(['low', 'high']).nullable(),
      kind: z.literal('ticket'),
      width: z.union([z.string(), z.number()]).nullable().optional(),
    });
    const check = compileRecordCheck(schema)!;
    expect(check).toBeTypeOf('function');
    const samples: unknown[] = [
      { id: 1, n: 2, priority: 'low', kind: 'ticket' },
      { id: 1.5, n: 2, priority: 'low', kind: 'ticket' },
      { id: 2 ** 53, n: 2, priority: 'low', kind: 'ticket' },
      { id: 1, n: 2, priority: 'medium', kind: 'ticket' },
      { id: 1, n: 2, priority: null, kind: 'ticket', width: '640' },
      { id: 1, n: 2, priority: 'high', kind: 'user' },
      { id: 1, n: 2, priority: 'high', kind: 'ticket', width: true },
      { id: 1, n: Number.NaN, priority: 'high', kind: 'ticket' },
    ];
    for (const sample of samples)
      expect(check(sample), JSON.stringify(sample)).toBe(schema.safeParse(sample).success);
  });

  it('accepts a string with length checks only when zod does, and exactly so without surrogate pairs', () => {
    const schemas = [
      z.string().min(1).max(4096).optional(),
      z.string().min(2),
      z.string().max(3).nullable(),
      z.string().length(2),
      z.string().nonempty().max(5).min(2),
    ];
    for (const schema of schemas) {
      const check = compileRecordCheck(schema)!;
      expect(check).toBeTypeOf('function');
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ maxLength: 6 }),
            fc.string({ unit: 'grapheme', maxLength: 3 }),
            fc.string({ minLength: 4090, maxLength: 4100 }),
            fc.constantFrom(null, undefined, 1, true, ['ab'], { length: 2 }),
          ),
          (value) => {
            const accepted = schema.safeParse(value).success;
            if (check(value)) expect(accepted, JSON.stringify(value)).toBe(true);
            // Where code points and UTF-16 units agree, so do zod and the check.
            const paired = typeof value === 'string' && /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(value);
            if (!paired) expect(check(value), JSON.stringify(value)).toBe(accepted);
          },
        ),
        { numRuns: 500 },
      );
    }
    const atLeastTwo = compileRecordCheck(z.string().min(2))!;
    expect(['😀', 'a😀', '😀😀'].map(atLeastTwo)).toEqual([false, true, true]);
    // Two code points but four units: zod accepts it, the check leaves it to zod.
    expect(compileRecordCheck(z.string().max(3))!('😀😀')).toBe(false);
  });

  it('handles records of string keys exactly as zod does, and gives up on other keys', () => {
    const schema = z.record(z.string(), z.union([z.string(), z.number()]));
    const check = compileRecordCheck(schema)!;
    expect(check).toBeTypeOf('function');
    const samples = ['{}', '{"a":"x","b":2}', '{"a":null}', '{"a":[1]}', '[]', 'null', '"x"'];
    for (const text of samples) {
      const value: unknown = JSON.parse(text);
      const parsed = schema.safeParse(value);
      expect(check(value), text).toBe(parsed.success);
      if (parsed.success) expect(parsed.data, text).toStrictEqual(value);
    }
    // zod's copy drops an own `__proto__` key, so the check leaves such a record to zod.
    expect(check(JSON.parse('{"__proto__":"x"}'))).toBe(false);
    expect(compileRecordCheck(z.record(z.enum(['a', 'b']), z.string()))).toBeUndefined();
    expect(compileRecordCheck(z.record(z.string().min(2), z.string()))).toBeUndefined();
  });

  it('handles nullable, optional, arrays, numbers and unknown', () => {
    const check = compileRecordCheck(
      z.looseObject({
        count: z.number(),
        tags: z.array(z.looseObject({ gid: z.string() })),
        due: z.string().nullable().optional(),
        anything: z.unknown(),
      }),
    )!;
    expect(check({ count: 1, tags: [{ gid: '1', name: 'x' }], anything: undefined })).toBe(true);
    expect(check({ count: 1, tags: [], due: null })).toBe(true);
    expect(check({ count: Number.NaN, tags: [] })).toBe(false);
    expect(check({ count: Number.POSITIVE_INFINITY, tags: [] })).toBe(false);
    expect(check({ count: 1, tags: [{ name: 'no gid' }] })).toBe(false);
    expect(check({ count: 1, tags: {} })).toBe(false);
    expect(check([])).toBe(false);
  });
});
