import { describe, expect, it } from 'vitest';
import { formatJsonPath } from './json-path';

describe('formatJsonPath', () => {
  it('joins keys with dots and puts indexes in brackets', () => {
    expect(formatJsonPath(['query', 'filter', 'and', 1, 'eq', 'completed'])).toBe(
      'query.filter.and[1].eq.completed',
    );
    expect(formatJsonPath(['query', 'sort', 0])).toBe('query.sort[0]');
    expect(formatJsonPath([0, 'a'])).toBe('[0].a');
  });

  it('keeps dotted field paths readable', () => {
    expect(formatJsonPath(['query', 'filter', 'eq', 'assignee.gid'])).toBe('query.filter.eq.assignee.gid');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatJsonPath(['params', 'a b'])).toBe('params["a b"]');
    expect(formatJsonPath(['x', ''])).toBe('x[""]');
    expect(formatJsonPath(['x', 'a"b'])).toBe('x["a\\"b"]');
    expect(formatJsonPath(['x', '1st'])).toBe('x["1st"]');
    expect(formatJsonPath(['x', 'a..b'])).toBe('x["a..b"]');
  });

  it('gives an empty string for the root', () => {
    expect(formatJsonPath([])).toBe('');
  });
});
