import type { CliOutputStream, CliRuntime } from '../framework/cli-runtime';
import { colorEnabled, createStyle, type Style } from './color';
import { createLiveBlock, type LiveBlock } from './live-block';
import { createProgress, type Progress } from './progress';
import { createTransferProgress, type TransferProgress } from './progress-bar';

/** What decides the format of a run's output. */
export interface OutputOptions {
  readonly json: boolean;
  readonly debug: boolean;
  readonly noColor: boolean;
}

// Shorter values would be replaced inside ordinary words; real secrets are far longer.
const MIN_SECRET_LENGTH = 6;

/**
 * Where a command's output goes. Data goes to stdout (text, one JSON document, or NDJSON lines);
 * everything else (notes, warnings, progress, diagnostics, errors in human mode) goes to stderr,
 * so `conduit … --json | jq` always reads clean JSON.
 *
 * Writes to stdout wait for the stream to drain, so a listing of a million records streams in
 * constant memory. When the reader closes stdout (`conduit … | head`), writes stop and
 * {@link Output.closed} turns true.
 *
 * Diagnostic text passes through {@link Output.scrub}, which removes any secret registered with
 * {@link Output.addSecret}: a last line of defence should an error message ever quote one.
 *
 * @example
 * ```ts
 * const output = new Output(runtime, { json: false, debug: false, noColor: false });
 * await output.print('hello');
 * output.warn('careful');
 * ```
 */
export class Output {
  readonly json: boolean;
  readonly debug: boolean;
  /** Styles for stdout. */
  readonly style: Style;
  /** Styles for stderr. */
  readonly errorStyle: Style;
  readonly #stdout: CliOutputStream;
  readonly #stderr: CliOutputStream;
  readonly #secrets = new Set<string>();
  readonly #closeListeners = new Set<() => void>();
  #closed = false;
  readonly #onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') this.#close();
  };

  constructor(runtime: Pick<CliRuntime, 'stdout' | 'stderr' | 'env'>, options: OutputOptions) {
    this.json = options.json;
    this.debug = options.debug;
    this.#stdout = runtime.stdout;
    this.#stderr = runtime.stderr;
    this.style = createStyle(colorEnabled(runtime.stdout, runtime.env, options.noColor));
    this.errorStyle = createStyle(colorEnabled(runtime.stderr, runtime.env, options.noColor));
    this.#stdout.on('error', this.#onStdoutError);
  }

  /** True when stdout is a terminal (a person is reading). */
  get isInteractive(): boolean {
    return this.#stdout.isTTY === true;
  }

  /** True when stderr is a terminal, so progress may be drawn there. */
  get stderrIsInteractive(): boolean {
    return this.#stderr.isTTY === true;
  }

  /** Terminal width of stdout, when it is a terminal. */
  get columns(): number | undefined {
    return this.#stdout.isTTY === true ? this.#stdout.columns : undefined;
  }

  /** True once the reader of stdout has gone away. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Calls `listener` once when stdout closes under us. */
  onClose(listener: () => void): () => void {
    this.#closeListeners.add(listener);
    return () => this.#closeListeners.delete(listener);
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const listener of this.#closeListeners) listener();
  }

  /** Writes raw text or bytes to stdout, waiting for the stream to drain when its buffer is full. */
  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.#closed) return;
    const stream = this.#stdout;
    if (stream.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('error', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('error', done);
      stream.on('close', done);
    });
  }

  /** Writes one line of text to stdout. */
  print(line: string): Promise<void> {
    return this.write(`${line}\n`);
  }

  /** Writes one JSON document to stdout, indented for people and `jq` alike. */
  printJson(value: unknown): Promise<void> {
    return this.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Writes one NDJSON line to stdout. */
  printJsonLine(value: unknown): Promise<void> {
    return this.write(`${JSON.stringify(value)}\n`);
  }

  /** Writes a line to stderr, secrets scrubbed. */
  note(message: string): void {
    this.#stderr.write(`${this.scrub(message)}\n`);
  }

  /** Writes `warning: …` to stderr. */
  warn(message: string): void {
    this.note(`${this.errorStyle.yellow('warning:')} ${message}`);
  }

  /** Writes a diagnostic line to stderr, only under `--debug`. */
  debugLog(message: string): void {
    if (this.debug) this.note(this.errorStyle.dim(`debug: ${message}`));
  }

  /** A spinner with a status line on stderr, drawn only when stderr is a terminal. */
  progress(initial: string): Progress {
    return createProgress(this.#stderr, this.stderrIsInteractive, initial);
  }

  /** A download's progress bar (size, rate, time left) on stderr, only when stderr is a terminal. */
  transferProgress(options: { label: string; total: number | undefined; initial: number }): TransferProgress {
    return createTransferProgress(this.#stderr, this.stderrIsInteractive, {
      ...options,
      label: this.scrub(options.label),
    });
  }

  /**
   * A block of status lines on stderr redrawn from `draw(frame)` (live sync or job status), drawn
   * only when stderr is a terminal; secrets are scrubbed from every line.
   */
  liveBlock(draw: (frame: number) => readonly string[]): LiveBlock {
    return createLiveBlock(this.#stderr, this.stderrIsInteractive, (frame) =>
      draw(frame).map((line) => this.scrub(line)),
    );
  }

  /** Registers a secret value that must never appear in diagnostics. */
  addSecret(value: string | undefined): void {
    if (value !== undefined && value.length >= MIN_SECRET_LENGTH) this.#secrets.add(value);
  }

  /** The text with every registered secret replaced by `[REDACTED]`. */
  scrub(text: string): string {
    let result = text;
    for (const secret of this.#secrets) result = result.split(secret).join('[REDACTED]');
    return result;
  }

  /** Stops listening to stdout; called once the run is over. */
  dispose(): void {
    this.#stdout.off('error', this.#onStdoutError);
    this.#closeListeners.clear();
  }
}
