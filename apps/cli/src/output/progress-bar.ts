import type { CliOutputStream } from '../framework/cli-runtime';
import { formatBytes, formatClock } from './format-bytes';
import { displayWidth, truncateToWidth } from './text-width';

/** What a transfer's progress line shows. */
export interface TransferState {
  readonly label: string;
  /** Bytes on disk so far, earlier runs included. */
  readonly done: number;
  /** The whole size, when known. */
  readonly total: number | undefined;
  /** Bytes received by this run, and for how long it has been receiving: the rate. */
  readonly received: number;
  readonly elapsedMs: number;
}

/**
 * The progress line of a transfer, at most `width` columns: label, a bar and the percentage when
 * the size is known, bytes done (of the total), the rate and the time left.
 *
 * @example
 * ```ts
 * renderTransferLine({ label: 'report.pdf', done: 512, total: 1024, received: 512, elapsedMs: 1000 }, 80);
 * // 'report.pdf  [██████████░░░░░░░░░░]   50%  512 B / 1.0 KiB  512 B/s  ETA 0:01'
 * ```
 */
export function renderTransferLine(state: TransferState, width: number): string {
  const seconds = state.elapsedMs / 1000;
  const rate = seconds > 0 ? state.received / seconds : 0;
  const parts: string[] = [];
  const amount =
    state.total === undefined
      ? formatBytes(state.done)
      : `${formatBytes(state.done)} / ${formatBytes(state.total)}`;
  let bar = '';
  if (state.total !== undefined && state.total > 0) {
    const ratio = Math.min(1, state.done / state.total);
    const cells = 20;
    const filled = Math.round(ratio * cells);
    bar = `[${'█'.repeat(filled)}${'░'.repeat(cells - filled)}]  ${String(Math.floor(ratio * 100)).padStart(3)}%`;
  }
  parts.push(amount, rate > 0 ? `${formatBytes(rate)}/s` : '');
  if (state.total !== undefined && rate > 0 && state.done < state.total) {
    parts.push(`ETA ${formatClock((state.total - state.done) / rate)}`);
  }
  const tail = [bar, ...parts].filter((part) => part !== '').join('  ');
  // The label gives way first when the terminal is narrow.
  const room = width - displayWidth(tail) - 2;
  if (room < 4) return truncateToWidth(tail, width);
  return `${truncateToWidth(state.label, room)}  ${tail}`;
}

/** A transfer's progress line on stderr. */
export interface TransferProgress {
  /** Counts bytes just written. */
  advance(bytes: number): void;
  /** Erases the line and stops redrawing. Safe to call twice. */
  stop(): void;
}

const silent: TransferProgress = { advance() {}, stop() {} };

/**
 * A progress bar for a download, redrawn at most every 100 ms, drawn only when `enabled` (stderr
 * is a terminal). `done` starts at `initial` (what an earlier run already saved).
 *
 * @example
 * ```ts
 * const bar = createTransferProgress(process.stderr, true, { label: 'report.pdf', total: 27_232, initial: 0 });
 * bar.advance(chunk.byteLength);
 * bar.stop();
 * ```
 */
export function createTransferProgress(
  stream: CliOutputStream,
  enabled: boolean,
  options: { label: string; total: number | undefined; initial: number },
  now: () => number = Date.now,
): TransferProgress {
  if (!enabled) return silent;
  const started = now();
  let received = 0;
  let stopped = false;
  let drawnAt = 0;
  const draw = () => {
    drawnAt = now();
    const line = renderTransferLine(
      {
        label: options.label,
        done: options.initial + received,
        total: options.total,
        received,
        elapsedMs: drawnAt - started,
      },
      Math.max(30, (stream.columns || 80) - 1),
    );
    stream.write(`\r\u001b[2K${line}`);
  };
  draw();
  // Redraws between chunks too, so the rate and the time left keep moving when data stalls.
  const timer = setInterval(draw, 250);
  timer.unref();
  return {
    advance(bytes) {
      received += bytes;
      if (!stopped && now() - drawnAt >= 100) draw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stream.write('\r\u001b[2K');
    },
  };
}
