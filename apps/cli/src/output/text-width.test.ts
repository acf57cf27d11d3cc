import { describe, expect, it } from 'vitest';
import { displayWidth, padToWidth, sanitizeForTerminal, stripAnsi, truncateToWidth } from './text-width';

describe('text width', () => {
  it('does not count colour codes', () => {
    expect(stripAnsi('\u001b[1mname\u001b[22m')).toBe('name');
    expect(displayWidth('\u001b[31mok\u001b[39m')).toBe(2);
  });

  it('counts wide characters twice and combining marks not at all', () => {
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('🚀')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('measures emoji sequences, flags, variation selectors and Hangul as a terminal does', () => {
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('🇫🇷')).toBe(2);
    expect(displayWidth('❤️')).toBe(2);
    expect(displayWidth('한국어')).toBe(6);
    expect(displayWidth('\u200b')).toBe(0);
    expect(truncateToWidth('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 4)).toBe('👨‍👩‍👧…');
    expect(truncateToWidth('e\u0301e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301…');
  });

  it('pads and truncates by columns', () => {
    expect(padToWidth('ab', 4)).toBe('ab  ');
    expect(padToWidth('ab', 4, 'right')).toBe('  ab');
    expect(padToWidth('abcdef', 4)).toBe('abcdef');
    expect(truncateToWidth('a long name', 6)).toBe('a lon…');
    expect(truncateToWidth('short', 6)).toBe('short');
    expect(displayWidth(truncateToWidth('日本語のテキスト', 7))).toBeLessThanOrEqual(7);
  });

  it('escapes control characters so upstream text cannot drive the terminal', () => {
    expect(sanitizeForTerminal('a\nb\tc')).toBe('a b c');
    expect(sanitizeForTerminal('title\u001b]0;pwned\u0007')).toBe('title\\u001b]0;pwned\\u0007');
    expect(sanitizeForTerminal('\u009b31m')).toBe('\\u009b31m');
    expect(sanitizeForTerminal('plain text, ünïcode')).toBe('plain text, ünïcode');
  });
});
