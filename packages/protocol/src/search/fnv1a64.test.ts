import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a64 } from './fnv1a64';

/** The textbook definition with BigInt, to check the two-halves arithmetic against. */
function reference(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

describe('fnv1a64', () => {
  it('matches the published test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('matches the BigInt definition on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 64 }), (text) => {
        expect(fnv1a64(text)).toBe(reference(text));
      }),
      { numRuns: 300 },
    );
  });
});
