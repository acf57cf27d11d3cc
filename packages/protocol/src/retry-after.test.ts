import { describe, expect, it } from 'vitest';
import { parseRetryAfterMs } from './retry-after';

describe('parseRetryAfterMs', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfterMs('2')).toBe(2000);
    expect(parseRetryAfterMs(' 0 ')).toBe(0);
    expect(parseRetryAfterMs('120')).toBe(120_000);
  });

  it('reads fractional seconds, rounding up to the millisecond', () => {
    expect(parseRetryAfterMs('1.5')).toBe(1_500);
    expect(parseRetryAfterMs('0.0004')).toBe(1);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:27:30 GMT');
    expect(parseRetryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', now)).toBe(30_000);
    expect(parseRetryAfterMs('Wed, 21 Oct 2026 07:00:00 GMT', now)).toBe(0);
  });

  it('gives undefined for absent or unreadable values', () => {
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
    expect(parseRetryAfterMs(null)).toBeUndefined();
    expect(parseRetryAfterMs('')).toBeUndefined();
    expect(parseRetryAfterMs('soon')).toBeUndefined();
    expect(parseRetryAfterMs('-5')).toBeUndefined();
    expect(parseRetryAfterMs('Wed, 21 Oct 2026')).toBeUndefined();
    expect(parseRetryAfterMs('Xyz, not a date')).toBeUndefined();
    expect(parseRetryAfterMs('9'.repeat(30))).toBeUndefined();
  });
});
