import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration';

describe('parseDuration', () => {
  it('reads seconds, units and compounds', () => {
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('1.5')).toBe(1_500);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration(' 60s ')).toBe(60_000);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1h 30m')).toBe(5_400_000);
    expect(parseDuration('2 h')).toBe(7_200_000);
    expect(parseDuration('0')).toBe(0);
  });

  it('gives undefined for anything else', () => {
    for (const text of ['', 'soon', '-5s', '1d', 'h', '1h30', '30m1', 'ms', '1.s', '1e3']) {
      expect(parseDuration(text), text).toBeUndefined();
    }
  });
});
