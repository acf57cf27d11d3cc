import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './parse-retry-after';

describe('parseRetryAfter', () => {
  const now = Date.UTC(2030, 0, 1, 0, 0, 0);

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 2 ', now)).toBe(2_000);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
  });

  it('reads HTTP-dates relative to now, never negative', () => {
    expect(parseRetryAfter(new Date(now + 7_000).toUTCString(), now)).toBe(7_000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Tuesday, 01-Jan-30 00:00:09 GMT', now)).toBe(9_000); // RFC 850
    expect(parseRetryAfter('Tue Jan  1 00:00:10 2030', now)).toBeGreaterThanOrEqual(0); // asctime, local time
  });

  it('gives undefined for missing or unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
