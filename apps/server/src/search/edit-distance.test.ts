import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance, fuzzyTolerance, wordSimilarity } from './edit-distance';

function levenshtein(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  const table = Array.from({ length: left.length + 1 }, (_, i) =>
    Array.from({ length: right.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= left.length; i += 1) {
    for (let j = 1; j <= right.length; j += 1) {
      table[i]![j] = Math.min(
        table[i - 1]![j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1),
        table[i - 1]![j]! + 1,
        table[i]![j - 1]! + 1,
      );
    }
  }
  return table[left.length]![right.length]!;
}

describe('edit distance', () => {
  it('tolerates 0 edits below 4 letters, 1 up to 7, 2 from 8', () => {
    expect([1, 3, 4, 7, 8, 20].map(fuzzyTolerance)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('gives the exact distance up to the bound and bound + 1 beyond', () => {
    expect(boundedEditDistance('launch', 'lunch', 2)).toBe(1);
    expect(boundedEditDistance('launch', 'brunch', 1)).toBe(2);
    expect(boundedEditDistance('café', 'cafe', 1)).toBe(1);
    expect(boundedEditDistance('abc', 'abc', 0)).toBe(0);
    expect(boundedEditDistance('abc', 'abd', 0)).toBe(1);
  });

  it('agrees with the full dynamic programme on random words', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '🚀'), maxLength: 9 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '🚀'), maxLength: 9 }),
        fc.integer({ min: 0, max: 3 }),
        (a, b, max) => {
          expect(boundedEditDistance(a, b, max)).toBe(Math.min(levenshtein(a, b), max + 1));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('scores similarity by the share of letters edited', () => {
    expect(wordSimilarity(0, 5, 5)).toBe(1);
    expect(wordSimilarity(1, 6, 5)).toBeCloseTo(5 / 6);
  });
});
