import { describe, expect, expectTypeOf, it } from 'vitest';
import { definedOptions } from './defined-options';

describe('definedOptions', () => {
  it('drops the keys set to undefined and keeps every other value, falsy ones included', () => {
    const options = definedOptions({ a: 1, b: undefined, c: null, d: false, e: 0, f: '' });
    expect(options).toStrictEqual({ a: 1, c: null, d: false, e: 0, f: '' });
    expect('b' in options).toBe(false);
  });

  it('returns a copy: the bag it was given is left as it was', () => {
    const given = { a: 1, b: undefined };
    const copy = definedOptions(given);
    expect(copy).not.toBe(given);
    expect(Object.keys(given)).toEqual(['a', 'b']);
  });

  it('types a key that may be undefined as optional and without undefined', () => {
    const maybe = (value: number | undefined) => definedOptions({ always: 'x', sometimes: value });
    expectTypeOf(maybe(1)).toEqualTypeOf<{ always: string } & { sometimes?: number }>();
  });
});
