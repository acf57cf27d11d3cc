import { describe, expect, it } from 'vitest';
import { parseDurationFlag } from './parse-duration';
import { UsageError } from './usage-error';

describe('parseDurationFlag', () => {
  it('reads seconds, units and sums', () => {
    expect(parseDurationFlag('90', '--timeout')).toBe(90_000);
    expect(parseDurationFlag('1.5', '--timeout')).toBe(1_500);
    expect(parseDurationFlag('250ms', '--timeout')).toBe(250);
    expect(parseDurationFlag('10m', '--timeout')).toBe(600_000);
    expect(parseDurationFlag('1h30m', '--timeout')).toBe(5_400_000);
    expect(parseDurationFlag(' 2s ', '--timeout')).toBe(2_000);
    // The server's settings always allowed a space before the unit; both read protocol's parser now.
    expect(parseDurationFlag('10 m', '--timeout')).toBe(600_000);
  });

  it('refuses anything else, or zero, naming the flag', () => {
    for (const text of ['', 'soon', '5d', 'm', '1m-2s', '0', '0s']) {
      expect(() => parseDurationFlag(text, '--timeout')).toThrow(UsageError);
    }
    expect(() => parseDurationFlag('soon', '--timeout')).toThrow(
      '--timeout needs a duration such as 90s, 10m or 1h, got "soon"',
    );
  });
});
