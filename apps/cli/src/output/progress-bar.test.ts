import { describe, expect, it } from 'vitest';
import { CaptureStream } from '../testing/test-runtime';
import { formatBytes, formatClock } from './format-bytes';
import { createTransferProgress, renderTransferLine } from './progress-bar';
import { displayWidth } from './text-width';

describe('formatBytes and formatClock', () => {
  it('use binary units and m:ss', () => {
    expect([0, 512, 1024, 27_232, 5 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '512 B',
      '1.0 KiB',
      '26.6 KiB',
      '5.0 GiB',
    ]);
    expect([0, 9.4, 75, 3_725].map(formatClock)).toEqual(['0:00', '0:09', '1:15', '1:02:05']);
  });
});

describe('renderTransferLine', () => {
  it('shows the bar, the share, the amounts, the rate and the time left', () => {
    expect(
      renderTransferLine({ label: 'report.pdf', done: 512, total: 1024, received: 512, elapsedMs: 1000 }, 80),
    ).toBe('report.pdf  [██████████░░░░░░░░░░]   50%  512 B / 1.0 KiB  512 B/s  ETA 0:01');
  });

  it('counts a resumed part as done but only this run’s bytes in the rate', () => {
    const line = renderTransferLine(
      { label: 'a', done: 900, total: 1000, received: 100, elapsedMs: 1000 },
      80,
    );
    expect(line).toContain('90%');
    expect(line).toContain('100 B/s');
    expect(line).toContain('ETA 0:01');
  });

  it('without a total shows the bytes and the rate, and cuts the label to the width', () => {
    expect(
      renderTransferLine({ label: 'x', done: 2048, total: undefined, received: 2048, elapsedMs: 2000 }, 80),
    ).toBe('x  2.0 KiB  1.0 KiB/s');
    const state = {
      label: 'a-very-long-attachment-name.pdf',
      done: 1,
      total: 2,
      received: 1,
      elapsedMs: 1000,
    };
    const cut = renderTransferLine(state, 70);
    expect(displayWidth(cut)).toBeLessThanOrEqual(70);
    expect(cut).toMatch(/^a-very-long… {2}\[/);
    // Too narrow for any of the label: the figures stay.
    const narrow = renderTransferLine(state, 40);
    expect(displayWidth(narrow)).toBeLessThanOrEqual(40);
    expect(narrow.startsWith('[')).toBe(true);
  });
});

describe('createTransferProgress', () => {
  it('draws on a terminal and erases its line when stopped; draws nothing elsewhere', () => {
    const terminal = new CaptureStream(true, 80);
    let now = 0;
    const bar = createTransferProgress(terminal, true, { label: 'f', total: 100, initial: 0 }, () => now);
    now = 500;
    bar.advance(50);
    bar.stop();
    bar.stop();
    const text = terminal.text();
    expect(text).toContain('50%');
    expect(text.endsWith('\r\u001b[2K')).toBe(true);
    const pipe = new CaptureStream(false);
    const silent = createTransferProgress(pipe, false, { label: 'f', total: 100, initial: 0 });
    silent.advance(100);
    silent.stop();
    expect(pipe.text()).toBe('');
  });
});
