import { isSecretName, REDACTED, redactValue } from '@conduit/protocol';
import { type Clock, systemClock } from '../clock';
import { isoTimestamp } from './iso-timestamp';

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

/** The fields every line starts with. */
interface LineHead {
  readonly time: string;
  readonly level: LogLevel;
  readonly msg: string;
}

/**
 * Adds fields to a line being built, as `redactValue` would copy them (an `Error` as its name,
 * message, code, stack and cause); an undefined field drops what an earlier layer gave the key.
 */
function addFields(line: Record<string, unknown>, head: LineHead, fields: LogFields): void {
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value === undefined) {
      if (Object.hasOwn(head, key)) line[key] = head[key as keyof LineHead];
      else delete line[key];
      continue;
    }
    // Depth 1: the fields sit one level inside the line, as they did when the line was redacted whole.
    line[key] = isSecretName(key)
      ? REDACTED
      : redactValue(value instanceof Error ? errorFields(value) : value, 1);
  }
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
    const head: LineHead = { time: isoTimestamp(clock.now()), level, msg: message };
    // Built in place rather than spread from copies: this runs for every request.
    const fieldsOfLine: Record<string, unknown> = { ...head };
    addFields(fieldsOfLine, head, bound);
    addFields(fieldsOfLine, head, fields);
    let line: string;
    try {
      line = JSON.stringify(fieldsOfLine);
    } catch {
      // A field that cannot be serialised (a cycle, a BigInt) must not lose the line.
      line = JSON.stringify({
        ...head,
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
