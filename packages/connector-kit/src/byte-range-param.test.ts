import { describe, expect, it } from 'vitest';
import { byteRangeParam } from './byte-range-param';

describe('byteRangeParam', () => {
  it('takes one range with a start, a start and an end, or a suffix', () => {
    for (const range of ['bytes=0-99', 'bytes=100-', 'bytes=-500', 'bytes=7-7', undefined]) {
      expect(byteRangeParam().safeParse(range).success, String(range)).toBe(true);
    }
  });

  it('refuses what storage hosts would ignore and answer with the whole file', () => {
    const message = (range: string) => byteRangeParam().safeParse(range).error?.issues[0]?.message;
    expect(message('bytes=-')).toMatch(/^must be one byte range/);
    expect(message('bytes=')).toMatch(/^must be one byte range/);
    expect(message('bytes=0-1,5-6')).toMatch(/^must be one byte range/);
    expect(message('items=0-9')).toMatch(/^must be one byte range/);
    expect(message('bytes=500-100')).toBe('the end of the range comes before its start');
  });
});
