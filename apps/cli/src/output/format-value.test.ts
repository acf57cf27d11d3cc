import { describe, expect, it } from 'vitest';
import { formatCell } from './format-value';

describe('formatCell', () => {
  it('prints scalars as they are and nothing for null', () => {
    expect(formatCell('Inbox')).toBe('Inbox');
    expect(formatCell(42)).toBe('42');
    expect(formatCell(false)).toBe('false');
    expect(formatCell(null)).toBe('');
    expect(formatCell(undefined)).toBe('');
  });

  it('shows references by name, else gid', () => {
    expect(formatCell({ gid: '1', name: 'Ada', resource_type: 'user' })).toBe('Ada');
    expect(formatCell({ gid: '1' })).toBe('1');
    expect(formatCell([{ gid: '1', name: 'a' }, { gid: '2' }])).toBe('a, 2');
    expect(formatCell(['x', 1, null])).toBe('x, 1, ');
  });

  it('falls back to compact JSON for other nested values, sanitised', () => {
    expect(formatCell({ a: 1 })).toBe('{"a":1}');
    expect(formatCell([[1], [2]])).toBe('[[1],[2]]');
    expect(formatCell('evil\u001b[2J')).toBe('evil\\u001b[2J');
  });
});
