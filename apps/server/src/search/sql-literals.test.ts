import { describe, expect, it } from 'vitest';
import { jsonPathLiteral, jsonPathOf, pgTextArray, sqliteJsonPath, storableText } from './sql-literals';

describe('SQL literals', () => {
  it('builds JSON paths from safe segments only', () => {
    expect(sqliteJsonPath(['assignee', 'gid'])).toBe('$."assignee"."gid"');
    expect(jsonPathOf(['followers', 'gid'])).toBe('$."followers"."gid"[*]');
    expect(() => sqliteJsonPath(['a"b'])).toThrow(/unsafe/);
    expect(() => jsonPathOf(['a.b'])).toThrow(/unsafe/);
  });

  it('escapes path literals and arrays', () => {
    expect(jsonPathLiteral('say "hi" \\')).toBe('"say \\"hi\\" \\\\"');
    expect(jsonPathLiteral(1e21)).toBe('1e+21');
    expect(jsonPathLiteral(null)).toBe('null');
    expect(jsonPathLiteral(false)).toBe('false');
    expect(pgTextArray(['a', 'b"c', 'd\\e'])).toBe('{"a","b\\"c","d\\\\e"}');
  });

  it('replaces the NUL character, which PostgreSQL cannot store', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
  });
});
