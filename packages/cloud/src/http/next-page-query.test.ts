import { ResponseValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { nextPageQuery } from './next-page-query';

describe('nextPageQuery', () => {
  it('keeps only the query of a link to the same collection, with the pinned filters', () => {
    const query = nextPageQuery(
      'https://evil.example/v1/connections?workspaceIds=other&includeDeleted=true&limit=100&offset=100',
      '/connections',
      { workspaceIds: 'mine', includeDeleted: 'false' },
    );
    const params = new URLSearchParams(query);
    expect(params.getAll('workspaceIds')).toEqual(['mine']);
    expect(params.get('includeDeleted')).toBe('false');
    expect(params.get('offset')).toBe('100');
    expect(query).not.toContain('evil');
  });

  it('accepts relative links and ends on empty ones', () => {
    expect(nextPageQuery('/api/public/v1/sources?offset=5', '/sources', {})).toBe('offset=5');
    expect(nextPageQuery('', '/sources', {})).toBeUndefined();
    expect(nextPageQuery(null, '/sources', {})).toBeUndefined();
  });

  it('refuses a link to another collection', () => {
    expect(() => nextPageQuery('https://x.example/v1/workspaces?offset=1', '/connections', {})).toThrow(
      ResponseValidationError,
    );
  });
});
