import { describe, expect, it } from 'vitest';
import { epochSeconds, formatIsoDuration, formatOffsetDateTime } from './java-time-format';

describe('formatOffsetDateTime', () => {
  it('drops zero seconds the way Java prints an OffsetDateTime', () => {
    expect(formatOffsetDateTime(Date.UTC(2024, 5, 1, 12, 0, 0))).toBe('2024-06-01T12:00Z');
  });

  it('keeps non-zero seconds and milliseconds', () => {
    expect(formatOffsetDateTime(Date.UTC(2024, 5, 1, 12, 0, 5))).toBe('2024-06-01T12:00:05Z');
    expect(formatOffsetDateTime(Date.UTC(2024, 5, 1, 12, 0, 5, 120))).toBe('2024-06-01T12:00:05.120Z');
    expect(formatOffsetDateTime(Date.UTC(2024, 5, 1, 12, 0, 0, 7))).toBe('2024-06-01T12:00:00.007Z');
  });
});

describe('formatIsoDuration', () => {
  it.each([
    [0, 'PT0S'],
    [300_000, 'PT5M'],
    [1_500, 'PT1.5S'],
    [100, 'PT0.1S'],
    [29_172_000, 'PT8H6M12S'],
    [3_600_000, 'PT1H'],
    [2 * 86_400_000, 'PT48H'],
  ])('formats %i ms as %s', (ms, text) => {
    expect(formatIsoDuration(ms)).toBe(text);
  });
});

describe('epochSeconds', () => {
  it('truncates to whole seconds', () => {
    expect(epochSeconds(1_700_000_000_999)).toBe(1_700_000_000);
  });
});
