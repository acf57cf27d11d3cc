import { describe, expect, it } from 'vitest';
import { CaptureStream } from '../testing/test-runtime';
import { createLiveBlock, spinnerFrame } from './live-block';

describe('createLiveBlock', () => {
  it('draws its lines, redraws them in place, cuts them to the width and erases them when stopped', () => {
    const terminal = new CaptureStream(true, 24);
    let lines = ['one', 'two'];
    const block = createLiveBlock(terminal, true, () => lines, 60_000);
    lines = ['three', 'a line far wider than the terminal is'];
    block.refresh();
    block.stop();
    block.stop();
    block.refresh();
    expect(terminal.text()).toBe(
      [
        '\r\u001b[Jone\ntwo\n',
        '\u001b[2A\r\u001b[Jthree\na line far wider than …\n',
        '\u001b[2A\r\u001b[J',
      ].join(''),
    );
  });

  it('draws nothing when disabled, and spins through its frames', () => {
    const pipe = new CaptureStream(false);
    const block = createLiveBlock(pipe, false, () => ['x']);
    block.refresh();
    block.stop();
    expect(pipe.text()).toBe('');
    expect(spinnerFrame(0)).not.toBe(spinnerFrame(1));
    expect(spinnerFrame(10)).toBe(spinnerFrame(0));
  });
});
