import { describe, expect, it } from 'vitest';
import { decodeChangeCursor, encodeChangeCursor } from './change-cursor';

describe('change feed cursors', () => {
  it('round-trip a position, and read no cursor as the start', () => {
    expect(decodeChangeCursor('c1', encodeChangeCursor('c1', 0))).toBe(0);
    expect(decodeChangeCursor('c1', encodeChangeCursor('c1', 9_007_199_254_740_991))).toBe(
      9_007_199_254_740_991,
    );
    expect(decodeChangeCursor('c1', undefined)).toBe(0);
    expect(decodeChangeCursor('c1', '')).toBe(0);
  });

  it('refuse another connector’s cursor and garbage, naming the field', () => {
    const cursor = encodeChangeCursor('c1', 7);
    for (const bad of [cursor.slice(0, -2), 'x'.repeat(300), '!!', encodeChangeCursor('c2', 7)]) {
      let error: unknown;
      try {
        decodeChangeCursor('c1', bad);
      } catch (caught) {
        error = caught;
      }
      expect(error).toMatchObject({
        code: 'invalid_cursor',
        status: 400,
        details: [{ field: 'cursor', error_code: 'invalid_cursor' }],
      });
    }
  });
});
