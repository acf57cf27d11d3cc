import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/client-errors';
import { ConduitError } from '../errors/conduit-error';
import { encodeBase64Url } from './base64url';
import { parseSearchParams } from './parse-search-params';
import { decodeSearchCursor, encodeSearchCursor, searchQueryHash } from './search-cursor';
import { SEARCH_LIMITS } from './search-limits';

const FIELDS = { name: 'string', due_on: 'string', completed: 'boolean', assignee: 'object' } as const;

function hashOf(params: unknown): string {
  return searchQueryHash(parseSearchParams(params, FIELDS));
}

function invalidCursor(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('searchQueryHash', () => {
  it('is 16 hex digits and stable', () => {
    const params = { query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' }] } };
    expect(hashOf(params)).toMatch(/^[0-9a-f]{16}$/);
    expect(hashOf(params)).toBe(hashOf(structuredClone(params)));
  });

  it('ignores limit and cursor', () => {
    const query = { filter: { eq: { completed: false } } };
    expect(hashOf({ query, limit: 5 })).toBe(hashOf({ query, limit: 500, cursor: 'x' }));
  });

  it('ignores how the same query was spelled', () => {
    expect(hashOf({ query: {}, fields: ['assignee.name'] })).toBe(
      hashOf({ query: {}, fields: [['assignee', 'name']] }),
    );
    expect(
      hashOf({ query: { filter: { and: [{ and: [{ eq: { name: 'a' } }] }, { eq: { completed: true } }] } } }),
    ).toBe(hashOf({ query: { filter: { eq: { name: 'a', completed: true } } } }));
  });

  it('changes with the filter, the sort or the fields', () => {
    const base = hashOf({ query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' }] } });
    expect(hashOf({ query: { filter: { eq: { completed: true } }, sort: [{ due_on: 'asc' }] } })).not.toBe(
      base,
    );
    expect(hashOf({ query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'desc' }] } })).not.toBe(
      base,
    );
    expect(
      hashOf({
        query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' }] },
        fields: ['name'],
      }),
    ).not.toBe(base);
    // A string "1" and a number 1 are different values.
    expect(hashOf({ query: { filter: { eq: { 'assignee.gid': '1' } } } })).not.toBe(
      hashOf({ query: { filter: { eq: { 'assignee.gid': 1 } } } }),
    );
  });
});

describe('search cursors', () => {
  const queryHash = hashOf({ query: { sort: [{ due_on: 'asc' }] } });

  it('round-trip a position', () => {
    const position = ['2026-05-01', null, 3, 'ünïcödé ✓', { nested: [true] }];
    const cursor = encodeSearchCursor({ position, queryHash });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearchCursor(cursor, queryHash)).toEqual({ position, queryHash });
  });

  it('refuse a cursor of another query', () => {
    const cursor = encodeSearchCursor({ position: ['x'], queryHash });
    const error = invalidCursor(() =>
      decodeSearchCursor(cursor, hashOf({ query: { sort: [{ due_on: 'desc' }] } })),
    );
    expect(error.code).toBe('invalid_cursor');
    expect(error.status).toBe(400);
    expect(error.details).toEqual([
      { field: 'cursor', message: expect.stringContaining('another search'), error_code: 'invalid_cursor' },
    ]);
  });

  it('refuse a cursor of the same query over another scope', () => {
    const parsed = parseSearchParams({ query: {} }, FIELDS);
    const cursor = encodeSearchCursor({ position: ['x'], queryHash: searchQueryHash(parsed, 'c1/tasks') });
    expect(decodeSearchCursor(cursor, searchQueryHash(parsed, 'c1/tasks')).position).toEqual(['x']);
    for (const scope of ['c1/projects', 'c2/tasks', '']) {
      expect(invalidCursor(() => decodeSearchCursor(cursor, searchQueryHash(parsed, scope))).code).toBe(
        'invalid_cursor',
      );
    }
  });

  it('refuse tampered and garbage cursors', () => {
    const cursor = encodeSearchCursor({ position: ['x', 1], queryHash });
    const tampered = [
      `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`,
      cursor.slice(0, -3),
      `${cursor}!`,
      '',
      'not a cursor',
      'a',
      encodeBase64Url('not json'),
      encodeBase64Url('[1,2]'),
      encodeBase64Url('null'),
      encodeBase64Url(JSON.stringify({ v: 2, q: queryHash, p: [] })),
      encodeBase64Url(JSON.stringify({ v: 1, q: queryHash, p: 'x' })),
      encodeBase64Url(JSON.stringify({ v: 1, q: 5, p: [] })),
      // Valid base64url of bytes that are not UTF-8.
      '_w',
      'x'.repeat(SEARCH_LIMITS.maxCursorLength + 1),
    ];
    for (const bad of tampered) {
      const error = invalidCursor(() => decodeSearchCursor(bad, queryHash));
      expect(error.code).toBe('invalid_cursor');
      expect(error.details[0]!.field).toBe('cursor');
    }
    expect(invalidCursor(() => decodeSearchCursor(5 as unknown as string, queryHash)).code).toBe(
      'invalid_cursor',
    );
  });

  it('refuse to encode positions that are not JSON or too large', () => {
    expect(() => encodeSearchCursor({ position: [10n], queryHash })).toThrow(ConduitError);
    expect(() =>
      encodeSearchCursor({ position: ['x'.repeat(SEARCH_LIMITS.maxCursorLength)], queryHash }),
    ).toThrow(/at most/);
  });

  it('fit in the cursor param that parseSearchParams accepts', () => {
    const cursor = encodeSearchCursor({ position: ['2026-05-01', 'task-1'], queryHash });
    expect(parseSearchParams({ query: { sort: [{ due_on: 'asc' }] }, cursor }, FIELDS).cursor).toBe(cursor);
  });
});
