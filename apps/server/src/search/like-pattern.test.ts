import { describe, expect, it } from 'vitest';
import { likePatternOf, likeRegExp } from './like-pattern';

const matches = (text: string, value: string) => likeRegExp(likePatternOf(value)).test(text.toLowerCase());

describe('like patterns', () => {
  it('matches as a case-insensitive substring without %', () => {
    expect(matches('Relaunch the SITE', 'launch')).toBe(true);
    expect(matches('Relaunch', 'LAUNCHES')).toBe(false);
  });

  it('anchors patterns with %', () => {
    expect(matches('Launch plan', 'launch%')).toBe(true);
    expect(matches('Relaunch plan', 'launch%')).toBe(false);
    expect(matches('Launch plan', '%plan')).toBe(true);
  });

  it('matches one character (code point) with _', () => {
    expect(matches('Café', 'caf_')).toBe(true);
    expect(matches('🚀x', '_x%')).toBe(true);
    expect(matches('cafés', 'caf_')).toBe(true);
    expect(matches('cafés', 'caf_%')).toBe(true);
    expect(matches('cafés', 'caf_')).toBe(true);
    expect(matches('caf', 'caf_')).toBe(false);
  });

  it('treats regular-expression characters literally', () => {
    expect(matches('a.b-c(d)[e]', 'a.b-c(d)[e]')).toBe(true);
    expect(matches('axb', 'a.b')).toBe(false);
    expect(matches('line one\nline two', '%one%two')).toBe(true);
  });
});
