import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives equal text for equal values built in different orders', () => {
    expect(canonicalJson({ x: 1, y: 'two' })).toBe(canonicalJson({ y: 'two', x: 1 }));
  });

  it('leaves out undefined properties, as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('escapes strings and keys', () => {
    expect(canonicalJson({ 'a"b': 'line\nbreak' })).toBe('{"a\\"b":"line\\nbreak"}');
  });
});
