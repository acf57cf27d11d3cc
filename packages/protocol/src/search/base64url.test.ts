import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './base64url';

describe('base64url', () => {
  it('encodes without padding or URL-unsafe characters', () => {
    expect(encodeBase64Url('')).toBe('');
    expect(encodeBase64Url('f')).toBe('Zg');
    expect(encodeBase64Url('\u00ff\u00fe')).toBe('w7_Dvg');
    expect(encodeBase64Url('>>>???')).toBe('Pj4-Pz8_');
  });

  it('round-trips any text, long text included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeBase64Url(encodeBase64Url(text))).toBe(text);
      }),
      { numRuns: 200 },
    );
    const long = '✓'.repeat(100_000);
    expect(decodeBase64Url(encodeBase64Url(long))).toBe(long);
  });

  it('gives undefined for what is not base64url of UTF-8', () => {
    expect(decodeBase64Url('a')).toBeUndefined();
    expect(decodeBase64Url('ab+c')).toBeUndefined();
    expect(decodeBase64Url('ab==')).toBeUndefined();
    expect(decodeBase64Url('_w')).toBeUndefined();
  });
});
