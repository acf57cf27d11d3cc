import { redactValue } from '@conduit/protocol';
import { type Clock, systemClock } from '../clock';

/** Severity of a log line, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Structured fields of a log line. Secret-named keys are redacted before anything is written. */
export type LogFields = Record<string, unknown>;

/**
 * Writes structured log lines. Implementations must redact secrets; `createJsonLogger` does.
 *
 * @example
 * ```ts
 * logger.info('request', { request_id: id, status: 200 });
 * ```
 */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger adding `fields` to every line. */
  child(fields: LogFields): Logger;
}

/** Options of the JSON logger. */
export interface JsonLoggerOptions {
  /** Lines below this level are dropped. Default `info`. */
  level?: LogLevel;
  /** Receives each line, without the newline. Default: standard error. */
  write?: (line: string) => void;
  clock?: Clock;
}

function errorFields(error: Error): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code }),
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(error.cause instanceof Error ? { cause: errorFields(error.cause) } : {}),
  };
}

function prepare(fields: LogFields): unknown {
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    plain[key] = value instanceof Error ? errorFields(value) : value;
  }
  return redactValue(plain);
}

/**
 * A logger writing one JSON object per line: `time`, `level`, `msg`, then the fields, with every
 * secret-named key (`authorization`, `client_secret`, `credentials`, …) redacted.
 *
 * @example
 * ```ts
 * const logger = createJsonLogger({ level: 'info', write: (line) => process.stderr.write(`${line}\n`) });
 * logger.warn('generated an encryption key', { path });
 * ```
 */
export function createJsonLogger(options: JsonLoggerOptions = {}, bound: LogFields = {}): Logger {
  const threshold = LEVELS[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = options.clock ?? systemClock;
  const emit = (level: LogLevel, message: string, fields: LogFields = {}) => {
    if (LEVELS[level] < threshold) return;
    const body = prepare({ ...bound, ...fields }) as Record<string, unknown>;
    let line: string;
    try {
      line = JSON.stringify({ time: new Date(clock.now()).toISOString(), level, msg: message, ...body });
    } catch {
      // A field that cannot be serialised (a cycle, a BigInt) must not lose the line.
      line = JSON.stringify({
        time: new Date(clock.now()).toISOString(),
        level,
        msg: message,
        fields: 'unserialisable',
      });
    }
    write(line);
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    child: (fields) => createJsonLogger(options, { ...bound, ...fields }),
  };
}

/**
 * A logger that drops everything.
 *
 * @example
 * ```ts
 * createApp({ store, config, logger: silentLogger });
 * ```
 */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
