import { describe, expect, it } from 'vitest';
import { copyTextChunks, copyTextField } from './copy-text';

describe('COPY text encoding', () => {
  it('escapes the characters the text format gives a meaning to, and nothing else', () => {
    expect(copyTextField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyTextField('\\N')).toBe('\\\\N');
    expect(copyTextField('{"a":"x\\"y"}')).toBe('{"a":"x\\\\"y"}');
    expect(copyTextField('plain é ✓')).toBe('plain é ✓');
  });

  it('writes null, booleans, numbers and bytes as PostgreSQL reads them', () => {
    expect(copyTextField(null)).toBe('\\N');
    expect(copyTextField(undefined)).toBe('\\N');
    expect(copyTextField(true)).toBe('t');
    expect(copyTextField(false)).toBe('f');
    expect(copyTextField(42)).toBe('42');
    expect(copyTextField(2n ** 60n)).toBe('1152921504606846976');
    expect(copyTextField(new Uint8Array([0, 255]))).toBe('\\\\x00ff');
    expect(copyTextField('')).toBe('');
  });

  it('joins fields with tabs and rows with line ends, in chunks that end on a row', () => {
    expect([
      ...copyTextChunks([
        [1, 'a'],
        [2, null],
      ]),
    ]).toEqual(['1\ta\n2\t\\N\n']);
    const rows = Array.from({ length: 3000 }, (_, index) => [index, 'x'.repeat(50)]);
    const chunks = [...copyTextChunks(rows)];
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.endsWith('\n')).toBe(true);
    expect(chunks.join('').split('\n')).toHaveLength(3001);
    expect([...copyTextChunks([])]).toEqual([]);
  });
});
