import { ValidationError } from '@conduit/protocol';

/**
 * Where a standalone simulator process writes and which signals stop it. Injectable so tests can
 * run it in-process.
 *
 * @example
 * ```ts
 * const io: RunSimulatorMainIo = { stdout: (line) => lines.push(line), signals: new EventEmitter() };
 * ```
 */
export interface RunSimulatorMainIo {
  /** Receives the single JSON "ready" line (and help text). Default: process.stdout. */
  stdout?: (text: string) => void;
  /** Emits `SIGTERM`/`SIGINT`. Default: the process. */
  signals?: {
    once(event: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
    off(event: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  };
  /** Environment (for the simulator's fixed-token variable). Default: process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * A running standalone simulator (or, after `--help`, one that never started).
 *
 * @example
 * ```ts
 * const handle: StandaloneSimulatorHandle<AsanaSimulator> = await runSimulatorMain([], io);
 * await handle.stop();
 * ```
 */
export interface StandaloneSimulatorHandle<S> {
  simulator: S | undefined;
  /** The JSON object printed when ready. */
  ready: Record<string, unknown> | undefined;
  /** Stops the simulator (as SIGTERM would). */
  stop(): Promise<void>;
  /** Settles once stopped. */
  done: Promise<void>;
}

/**
 * The writer a standalone simulator prints through: `io.stdout`, else the process's stdout.
 *
 * @example
 * ```ts
 * const write = simulatorOutput(io);
 * write(USAGE);
 * ```
 */
export function simulatorOutput(io: RunSimulatorMainIo): (text: string) => void {
  return io.stdout ?? ((text: string) => process.stdout.write(text));
}

/**
 * The handle of a run that only printed its help text: nothing to stop.
 *
 * @example
 * ```ts
 * if (values.help === true) return notStarted();
 * ```
 */
export function notStarted<S>(): StandaloneSimulatorHandle<S> {
  return { simulator: undefined, ready: undefined, stop: async () => undefined, done: Promise.resolve() };
}

/**
 * Prints ONE JSON line `ready` and keeps the simulator up until SIGTERM/SIGINT (or `stop()`),
 * then closes it once; the handle's `done` settles after the close.
 *
 * @example
 * ```ts
 * return serveUntilSignal(simulator, { baseUrl: simulator.baseUrl, pid: process.pid }, io);
 * ```
 */
export function serveUntilSignal<S extends { close(): Promise<void> }>(
  simulator: S,
  ready: Record<string, unknown>,
  io: RunSimulatorMainIo,
): StandaloneSimulatorHandle<S> {
  simulatorOutput(io)(`${JSON.stringify(ready)}\n`);
  const signals = io.signals ?? process;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      signals.off('SIGTERM', onSignal);
      signals.off('SIGINT', onSignal);
      await simulator.close();
      resolveDone();
    })();
    return stopping;
  };
  const onSignal = (): void => {
    void stop();
  };
  signals.once('SIGTERM', onSignal);
  signals.once('SIGINT', onSignal);
  return { simulator, ready, stop, done };
}

/**
 * The `ValidationError` of a bad command-line flag, naming it as `--flag`.
 *
 * @example
 * ```ts
 * throw invalidFlag('preset', 'unknown preset huge');
 * ```
 */
export function invalidFlag(flag: string, message: string): ValidationError {
  return new ValidationError(`--${flag}: ${message}`, {
    details: [{ field: flag, message, error_code: 'invalid_param' }],
  });
}

/**
 * A flag's non-negative number (an integer unless `integer` is false), or undefined when absent.
 *
 * @example
 * ```ts
 * const port = numberFlag('port', values.port); // "8080" → 8080
 * ```
 */
export function numberFlag(flag: string, value: string | undefined, integer = true): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || (integer && !Number.isInteger(parsed))) {
    throw invalidFlag(flag, `expected a non-negative ${integer ? 'integer' : 'number'}, got ${value}`);
  }
  return parsed;
}

/**
 * Parses `N/WINDOW` (`1500/60s`, `150/6s`, `60/1m`, `100/500ms`) into a count and milliseconds.
 *
 * @example
 * ```ts
 * parseRateSpec('rate-limit', '150/6s'); // { count: 150, windowMs: 6000 }
 * ```
 */
export function parseRateSpec(flag: string, spec: string): { count: number; windowMs: number } {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)(ms|s|m|min)?$/.exec(spec.trim());
  if (match === null) throw invalidFlag(flag, `expected N/WINDOW like 1500/60s, got ${spec}`);
  const count = Number(match[1]);
  const amount = Number(match[2]);
  const unit = match[3] ?? 's';
  const windowMs = unit === 'ms' ? amount : unit === 's' ? amount * 1000 : amount * 60_000;
  if (count < 1 || windowMs <= 0) throw invalidFlag(flag, 'count and window must be positive');
  return { count, windowMs };
}
