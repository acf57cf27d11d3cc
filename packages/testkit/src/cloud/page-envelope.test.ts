import { describe, expect, it } from 'vitest';
import { pageEnvelope, readPaging } from './page-envelope';
import { SimulatedHttpError } from './simulated-http-error';

const base = 'http://127.0.0.1:9/v1/connections';

describe('pageEnvelope', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];

  it('links to the next page even when the page is short, and to nothing when it is empty', () => {
    const query = new URLSearchParams('workspaceIds=w&includeDeleted=false&limit=100&offset=0');
    const first = pageEnvelope(items, { limit: 100, offset: 0 }, base, query);
    expect(first.data).toEqual(items);
    expect(first.previous).toBe('');
    expect(first.next).toBe(`${base}?workspaceIds=w&includeDeleted=false&limit=100&offset=100`);
    const second = pageEnvelope(items, { limit: 100, offset: 100 }, base, query);
    expect(second).toEqual({
      data: [],
      next: '',
      previous: `${base}?workspaceIds=w&includeDeleted=false&limit=100&offset=0`,
    });
  });

  it('steps previous back by one page', () => {
    const page = pageEnvelope(items, { limit: 2, offset: 3 }, base, new URLSearchParams());
    expect(page.data).toEqual(['d', 'e']);
    expect(page.previous).toBe(`${base}?limit=2&offset=1`);
    expect(page.next).toBe(`${base}?limit=2&offset=5`);
  });
});

describe('readPaging', () => {
  it('defaults to 20 from 0 and refuses out-of-range values', () => {
    expect(readPaging(new URLSearchParams())).toEqual({ limit: 20, offset: 0 });
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      expect(() => readPaging(new URLSearchParams(bad))).toThrow(SimulatedHttpError);
    }
  });
});
