import { ResponseValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { parsePlatformTime } from './parse-platform-time';

describe('parsePlatformTime', () => {
  it('reads the Java OffsetDateTime shapes, seconds or not', () => {
    expect(parsePlatformTime('2024-06-01T12:00Z')).toBe(Date.UTC(2024, 5, 1, 12, 0, 0));
    expect(parsePlatformTime('2024-06-01T12:00:05Z')).toBe(Date.UTC(2024, 5, 1, 12, 0, 5));
    expect(parsePlatformTime('2024-06-01T12:00:05.250Z')).toBe(Date.UTC(2024, 5, 1, 12, 0, 5, 250));
    expect(parsePlatformTime('2024-06-01T14:00+02:00')).toBe(Date.UTC(2024, 5, 1, 12, 0, 0));
  });

  it('reads epoch seconds and milliseconds', () => {
    expect(parsePlatformTime(1_717_243_200)).toBe(1_717_243_200_000);
    expect(parsePlatformTime(5, 'milliseconds')).toBe(5);
  });

  it('refuses unreadable or zone-less times', () => {
    expect(() => parsePlatformTime('yesterday')).toThrow(ResponseValidationError);
    expect(() => parsePlatformTime('2024-06-01T12:00')).toThrow(ResponseValidationError);
    expect(() => parsePlatformTime(Number.NaN)).toThrow(ResponseValidationError);
  });
});
