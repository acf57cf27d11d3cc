import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './iso-timestamp';

describe('isoTimestamp', () => {
  it('is what Date#toISOString says, for any time a Date holds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -8.64e15, max: 8.64e15 }),
          fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true }),
          fc.integer({ min: Date.parse('2026-01-01'), max: Date.parse('2026-01-02') }),
        ),
        (ms) => {
          expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
          // Twice in a row: the second answer comes from the remembered second.
          expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('throws as Date does for a time it cannot hold', () => {
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError);
    expect(() => isoTimestamp(8.64e15 + 1)).toThrow(RangeError);
  });
});
