import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from './code-point-order';

describe('code point order', () => {
  it('orders as UTF-8 bytes do', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const bytes = Buffer.compare(Buffer.from(a), Buffer.from(b));
        expect(Math.sign(compareCodePoints(a, b))).toBe(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it('puts astral characters after the end of the basic plane', () => {
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
  });
});
