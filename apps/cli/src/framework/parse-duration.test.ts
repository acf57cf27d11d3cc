import { describe, expect, it } from 'vitest';
import { parseDuration } from './parse-duration';
import { UsageError } from './usage-error';

describe('parseDuration', () => {
  it('reads seconds, units and sums', () => {
    expect(parseDuration('90', '--timeout')).toBe(90_000);
    expect(parseDuration('1.5', '--timeout')).toBe(1_500);
    expect(parseDuration('250ms', '--timeout')).toBe(250);
    expect(parseDuration('10m', '--timeout')).toBe(600_000);
    expect(parseDuration('1h30m', '--timeout')).toBe(5_400_000);
    expect(parseDuration(' 2s ', '--timeout')).toBe(2_000);
  });

  it('refuses anything else, or zero, naming the flag', () => {
    for (const text of ['', 'soon', '10 m', '5d', 'm', '1m-2s', '0', '0s']) {
      expect(() => parseDuration(text, '--timeout')).toThrow(UsageError);
    }
    expect(() => parseDuration('soon', '--timeout')).toThrow(
      '--timeout needs a duration such as 90s, 10m or 1h, got "soon"',
    );
  });
});
