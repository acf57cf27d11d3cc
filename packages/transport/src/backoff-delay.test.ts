import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff-delay';

describe('backoffDelay', () => {
  const policy = { initialDelayMs: 300, maxDelayMs: 10_000 };

  it('draws uniformly below min(maxDelayMs, initialDelayMs * 2^retry)', () => {
    expect(
      [0, 1, 2, 3, 4, 5, 6].map((retry) => backoffDelay(retry, { ...policy, random: () => 0.999_999_9 })),
    ).toEqual([299, 599, 1_199, 2_399, 4_799, 9_599, 9_999]);
    expect(backoffDelay(3, { ...policy, random: () => 0.5 })).toBe(1_200);
    expect(backoffDelay(3, { ...policy, random: () => 0 })).toBe(0);
  });

  it('stays within bounds for any random draw (full jitter)', () => {
    for (let retry = 0; retry < 20; retry += 1) {
      const delay = backoffDelay(retry, { ...policy, random: Math.random });
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(Math.min(10_000, 300 * 2 ** retry));
    }
  });
});
