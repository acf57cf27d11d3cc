import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ExecuteRequestSchema, listEnvelopeSchema, NextPageSchema, searchEnvelopeSchema } from './execute';

describe('ExecuteRequestSchema', () => {
  it('reads omitted or null params as {}', () => {
    expect(ExecuteRequestSchema.parse({ entity: 'tasks', action: 'list' }).params).toEqual({});
    expect(ExecuteRequestSchema.parse({ entity: 'tasks', action: 'list', params: null }).params).toEqual({});
    expect(
      ExecuteRequestSchema.parse({ entity: 'tasks', action: 'get', params: { task_gid: '1' } }).params,
    ).toEqual({
      task_gid: '1',
    });
  });

  it('refuses unknown keys, empty names and non-object params', () => {
    expect(ExecuteRequestSchema.safeParse({ entity: 'tasks', action: 'list', extra: 1 }).success).toBe(false);
    expect(ExecuteRequestSchema.safeParse({ entity: '', action: 'list' }).success).toBe(false);
    expect(ExecuteRequestSchema.safeParse({ entity: 'tasks', action: 'list', params: [1] }).success).toBe(
      false,
    );
  });
});

describe('envelopes', () => {
  it('reads a list page and its next page', () => {
    const page = listEnvelopeSchema(z.object({ gid: z.string() })).parse({
      records: [{ gid: '1' }],
      meta: {
        next_page: { offset: 'eyJ', path: '/tasks?offset=eyJ', uri: 'https://x.test/tasks?offset=eyJ' },
      },
    });
    expect(page.meta.next_page?.offset).toBe('eyJ');
    expect(
      listEnvelopeSchema(z.unknown()).parse({ records: [], meta: { next_page: null } }).meta.next_page,
    ).toBeNull();
    expect(NextPageSchema.safeParse({ path: '/x' }).success).toBe(false);
  });

  it('reads a search page', () => {
    const page = searchEnvelopeSchema(z.object({ name: z.string() })).parse({
      hits: [{ id: '1', score: 1, data: { name: 'n' } }],
      next_cursor: null,
      took_ms: 3,
    });
    expect(page.hits[0]?.data.name).toBe('n');
    expect(
      searchEnvelopeSchema(z.unknown()).safeParse({ hits: [], next_cursor: null, took_ms: -1 }).success,
    ).toBe(false);
  });
});
