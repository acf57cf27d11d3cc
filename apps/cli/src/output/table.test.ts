import { describe, expect, it } from 'vitest';
import { createStyle } from './color';
import { formatKeyValues } from './key-value';
import { StreamingTable } from './streaming-table';
import { formatTable } from './table';

const plain = createStyle(false);

describe('formatTable', () => {
  it('aligns columns two spaces apart under the header, without trailing spaces', () => {
    const text = formatTable(
      [{ header: 'GID' }, { header: 'NAME' }, { header: 'N', align: 'right' }],
      [
        ['1', 'Inbox', '5'],
        ['1234567', 'Roadmap 2026', '10'],
      ],
      { style: plain },
    );
    expect(text).toBe(
      ['GID      NAME           N', '1        Inbox          5', '1234567  Roadmap 2026  10', ''].join('\n'),
    );
  });

  // The row count is the point (a spread of that many arguments overflows the stack); on a loaded
  // machine laying them out takes longer than the default 5 s.
  it('lays out 400,000 rows without overflowing the stack', { timeout: 60_000 }, () => {
    const rows = Array.from({ length: 400_000 }, (_, index) => [
      String(index),
      index === 399_999 ? 'the widest' : 'x',
    ]);
    const text = formatTable([{ header: 'GID' }, { header: 'NAME' }], rows, { style: plain });
    const lines = text.split('\n');
    expect(lines).toHaveLength(400_002);
    expect(lines[0]).toBe('GID     NAME');
    expect(lines[400_000]).toBe('399999  the widest');
    const keys = Array.from({ length: 400_000 }, (_, index): [string, string] => [`k${index}`, 'v']);
    expect(formatKeyValues(keys, plain).split('\n')[0]).toBe('k0       v');
  });

  it('measures wide characters and colour codes by their columns', () => {
    const text = formatTable(
      [{ header: 'A' }, { header: 'B' }],
      [
        ['日本', 'x'],
        ['ab', 'y'],
      ],
      { style: createStyle(true) },
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('\u001b[1mA\u001b[22m     \u001b[1mB\u001b[22m');
    expect(lines[1]).toBe('日本  x');
    expect(lines[2]).toBe('ab    y');
  });

  it('cuts cells wider than the limit', () => {
    const text = formatTable([{ header: 'NAME' }], [['a very long project name']], {
      style: plain,
      maxCellWidth: 10,
    });
    expect(text).toBe('NAME\na very lo…\n');
  });
});

describe('StreamingTable', () => {
  it('prints the header once and keeps the first batch widths', () => {
    const table = new StreamingTable([{ header: 'GID' }, { header: 'NAME' }], { style: plain });
    expect(table.format([])).toBe('');
    expect(table.started).toBe(false);
    expect(table.format([['1', 'a']])).toBe('GID  NAME\n1    a\n');
    expect(
      table.format([
        ['22', 'b'],
        ['333333', 'c'],
      ]),
    ).toBe('22   b\n333333  c\n');
  });
});

describe('formatKeyValues', () => {
  it('aligns values after the widest key', () => {
    expect(
      formatKeyValues(
        [
          ['gid', '1'],
          ['name', 'Inbox'],
          ['notes', ''],
        ],
        plain,
      ),
    ).toBe('gid    1\nname   Inbox\nnotes\n');
    expect(formatKeyValues([], plain)).toBe('');
  });
});
