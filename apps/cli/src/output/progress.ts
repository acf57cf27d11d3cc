import type { CliOutputStream } from '../framework/cli-runtime';

/** A one-line status on stderr, redrawn in place. */
export interface Progress {
  /** Replaces the status text. */
  update(text: string): void;
  /**
   * Erases the line until the next redraw: call it before writing to stdout when both streams
   * share a terminal, so the output does not land after the spinner's text.
   */
  clear(): void;
  /** Erases the line and stops redrawing. Safe to call twice. */
  stop(): void;
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

const silent: Progress = { update() {}, clear() {}, stop() {} };

/**
 * A spinner with a status text, drawn only when `enabled` (stderr is a terminal): in a pipe or a
 * log file, redrawn lines would only be noise. The timer is unref'd so it never keeps the process
 * alive.
 *
 * @example
 * ```ts
 * const progress = createProgress(process.stderr, process.stderr.isTTY === true, 'fetching');
 * progress.update('fetched 100 records');
 * progress.stop();
 * ```
 */
export function createProgress(stream: CliOutputStream, enabled: boolean, initial: string): Progress {
  if (!enabled) return silent;
  let text = initial;
  let frame = 0;
  let stopped = false;
  const draw = () => {
    stream.write(`\r\u001b[2K${frames[frame % frames.length]} ${text}`);
    frame += 1;
  };
  draw();
  const timer = setInterval(draw, 80);
  timer.unref();
  return {
    update(next) {
      text = next;
    },
    clear() {
      if (!stopped) stream.write('\r\u001b[2K');
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stream.write('\r\u001b[2K');
    },
  };
}
