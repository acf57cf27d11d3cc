import { describe, expect, it } from 'vitest';
import { lowerCaseUlid, randomNameSuffix } from './random-name-suffix';

describe('random name suffix', () => {
  it('is " (ID: " + 6 time characters + 3 random ones + ")"', () => {
    expect(randomNameSuffix()).toMatch(/^ \(ID: [0-9a-z]{9}\)$/);
  });

  it('builds lower-case ULIDs whose prefix sorts by time', () => {
    const zeros = new Uint8Array(16);
    expect(lowerCaseUlid(0, zeros)).toBe('0'.repeat(26));
    const earlier = lowerCaseUlid(Date.UTC(2026, 0, 1), zeros);
    const later = lowerCaseUlid(Date.UTC(2026, 0, 2), zeros);
    expect(earlier.slice(0, 10) < later.slice(0, 10)).toBe(true);
    expect(lowerCaseUlid(1_700_000_000_000)).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
  });
});
