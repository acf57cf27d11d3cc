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
      z.looseObject({ gid: z.string().min(1) }),
      z.looseObject({ size: z.number().int() }),
      z.looseObject({ gid: z.string().transform((gid) => Number(gid)) }),
      z.looseObject({ done: z.boolean().default(false) }),
      z.looseObject({ gid: z.union([z.string(), z.number()]) }),
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
