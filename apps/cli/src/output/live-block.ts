import type { CliOutputStream } from '../framework/cli-runtime';
import { truncateToWidth } from './text-width';

/** A block of status lines on stderr, redrawn in place. */
export interface LiveBlock {
  /** Redraws now (the block also redraws itself on a timer, for spinners and clocks). */
  refresh(): void;
  /** Erases the block and stops redrawing. Safe to call twice. */
  stop(): void;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * The spinner character for a frame number.
 *
 * @example
 * ```ts
 * `${spinnerFrame(frame)} syncing`;
 * ```
 */
export function spinnerFrame(frame: number): string {
  return SPINNER[frame % SPINNER.length]!;
}

const silent: LiveBlock = { refresh() {}, stop() {} };

/**
 * A multi-line status drawn on a terminal and redrawn every `intervalMs` from `draw(frame)`:
 * the per-entity state of a sync, the status of a job. Drawn only when `enabled` (stderr is a
 * terminal); lines are cut to the terminal's width, so none wraps and the redraw stays in place.
 * The timer is unref'd so it never keeps the process alive.
 *
 * @example
 * ```ts
 * const block = createLiveBlock(process.stderr, process.stderr.isTTY === true, (frame) => [`${spinnerFrame(frame)} syncing`]);
 * block.stop();
 * ```
 */
export function createLiveBlock(
  stream: CliOutputStream,
  enabled: boolean,
  draw: (frame: number) => readonly string[],
  intervalMs = 100,
): LiveBlock {
  if (!enabled) return silent;
  let drawn = 0;
  let frame = 0;
  let stopped = false;
  const erase = () => (drawn > 0 ? `\u001b[${drawn}A\r\u001b[J` : '\r\u001b[J');
  const paint = () => {
    // A terminal that reports no size (0, as some pseudo-terminals do) is taken as 80 columns.
    const width = Math.max(20, (stream.columns || 80) - 1);
    const lines = draw(frame).map((line) => truncateToWidth(line, width));
    frame += 1;
    stream.write(`${erase()}${lines.map((line) => `${line}\n`).join('')}`);
    drawn = lines.length;
  };
  paint();
  const timer = setInterval(paint, intervalMs);
  timer.unref();
  return {
    refresh() {
      if (!stopped) paint();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stream.write(erase());
      drawn = 0;
    },
  };
}
