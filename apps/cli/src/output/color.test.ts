import { describe, expect, it } from 'vitest';
import { colorEnabled, createStyle } from './color';

describe('colorEnabled', () => {
  it('colours a terminal only', () => {
    expect(colorEnabled({ isTTY: true }, {}, false)).toBe(true);
    expect(colorEnabled({ isTTY: false }, {}, false)).toBe(false);
    expect(colorEnabled({}, {}, false)).toBe(false);
  });

  it('never colours with NO_COLOR set (non-empty), --no-color or TERM=dumb', () => {
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' }, false)).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: 'anything' }, false)).toBe(false);
    expect(colorEnabled({ isTTY: true }, {}, true)).toBe(false);
    expect(colorEnabled({ isTTY: true }, { TERM: 'dumb' }, false)).toBe(false);
  });

  it('ignores an empty NO_COLOR, as no-color.org specifies', () => {
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '' }, false)).toBe(true);
  });
});

describe('createStyle', () => {
  it('wraps text in SGR codes when enabled and leaves it alone when not', () => {
    expect(createStyle(true).red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(createStyle(true).bold('x')).toBe('\u001b[1mx\u001b[22m');
    const plain = createStyle(false);
    expect([
      plain.red('x'),
      plain.bold('x'),
      plain.dim('x'),
      plain.cyan('x'),
      plain.green('x'),
      plain.yellow('x'),
    ]).toEqual(['x', 'x', 'x', 'x', 'x', 'x']);
  });
});
