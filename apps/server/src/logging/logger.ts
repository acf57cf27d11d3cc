import { isSecretName, REDACTED, redactUrl, redactValue } from '@conduit/protocol';
import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino';
import { type Clock, systemClock } from '../clock';
import { isoTimestamp } from './iso-timestamp';

/** Severity of a log line, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * The levels an operator may choose with `CONDUIT_LOG_LEVEL` (`fatal` lines are always written).
 *
 * @example
 * ```ts
 * LOG_LEVELS.includes('debug'); // true
 * ```
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/** Structured fields of a log line. Secret fields are redacted before anything is written. */
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
  /** A failure that stops the process (a bad configuration, an unreachable store at start). */
  fatal(message: string, fields?: LogFields): void;
  /** A logger adding `fields` to every line. */
  child(fields: LogFields): Logger;
}

/** Options of the JSON logger. */
export interface JsonLoggerOptions {
  /** Lines below this level are dropped. Default `info`. */
  level?: LogLevel;
  /** Receives each line, without the newline. Default: standard error, written asynchronously. */
  write?: (line: string) => void;
  clock?: Clock;
}

/**
 * The names of every field that holds a secret somewhere in the server: HTTP headers, the token
 * calls, upstream credentials of each kind (seed 000, Upstream credentials), the operator's tokens
 * and keys. They are redacted wherever they appear at the top of a line or up to two levels inside
 * one (`body.credentials`, `connector.credentials.api_token`).
 *
 * @example
 * ```ts
 * SECRET_FIELDS.includes('client_secret'); // true
 * ```
 */
export const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'api_token',
  'api_key',
  'apikey',
  'client_secret',
  'secret',
  'password',
  'credentials',
  'signature',
  'code_verifier',
  'admin_token',
  'metrics_token',
  'encryption_key',
  'token_secret',
  'webhook_secret',
  'x-api-key',
] as const;

/**
 * The redaction paths handed to pino (its `redact.paths`): each secret field at the top of a line,
 * where every hot-path line keeps its fields. Wildcard paths (`*.token`) would cost pino's
 * redaction tens of microseconds on every line, so what sits deeper is redacted by
 * {@link redactNestedFields} instead, only for lines that carry objects.
 *
 * @example
 * ```ts
 * REDACT_PATHS.includes('client_secret'); // true
 * ```
 */
export const REDACT_PATHS: readonly string[] = SECRET_FIELDS.map((name) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`,
);

const REDACT_PATH_NAMES: ReadonlySet<string> = new Set(SECRET_FIELDS);

/**
 * pino's `formatters.log`: the fields of a line with every object (a body, a config, a list)
 * copied by protocol's `redactValue` (secret-named keys replaced at any depth, secrets in URL
 * strings removed), and top-level keys that look secret without being one of
 * {@link SECRET_FIELDS} replaced too. A line of plain values, like the request line, is returned
 * as it is. Errors are left to the `error` serializer.
 *
 * @example
 * ```ts
 * redactNestedFields({ body: { credentials: { token: 't' } } }); // { body: { credentials: '[REDACTED]' } }
 * ```
 */
export function redactNestedFields(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    const value = fields[key];
    let replaced: unknown = value;
    if (!REDACT_PATH_NAMES.has(key) && isSecretName(key)) replaced = REDACTED;
    else if (typeof value === 'object' && value !== null && !(value instanceof Error)) {
      replaced = redactValue(value, 1);
    }
    if (replaced !== value) {
      copy ??= { ...fields };
      copy[key] = replaced;
    }
  }
  return copy ?? fields;
}

function errorFields(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code }),
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(error.cause instanceof Error ? { cause: errorFields(error.cause) } : {}),
  };
}

/** pino's destination: standard error (asynchronous, flushed at exit), or a caller's function. */
function destination(write: JsonLoggerOptions['write']): DestinationStream {
  if (write === undefined) return pino.destination({ dest: 2, sync: false });
  // pino hands each line with its newline; the function receives the line alone.
  return { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) };
}

/** Our `Logger` over a pino logger; the pino child of bound fields is made on first use only. */
class PinoBackedLogger implements Logger {
  readonly #parent: PinoLogger;
  readonly #bindings: LogFields | undefined;
  #pino: PinoLogger | undefined;

  constructor(parent: PinoLogger, bindings?: LogFields) {
    this.#parent = parent;
    this.#bindings = bindings;
    if (bindings === undefined) this.#pino = parent;
  }

  get #logger(): PinoLogger {
    this.#pino ??= this.#parent.child(this.#bindings!);
    return this.#pino;
  }

  debug(message: string, fields?: LogFields): void {
    if (this.#parent.isLevelEnabled('debug')) this.#logger.debug(fields ?? {}, message);
  }

  info(message: string, fields?: LogFields): void {
    this.#logger.info(fields ?? {}, message);
  }

  warn(message: string, fields?: LogFields): void {
    this.#logger.warn(fields ?? {}, message);
  }

  error(message: string, fields?: LogFields): void {
    this.#logger.error(fields ?? {}, message);
  }

  fatal(message: string, fields?: LogFields): void {
    this.#logger.fatal(fields ?? {}, message);
    this.#logger.flush?.();
  }

  child(fields: LogFields): Logger {
    // A request's logger is made for every request but often never used beyond its one line.
    return new PinoBackedLogger(this.#logger, fields);
  }
}

/**
 * A pino logger writing one JSON object per line: `level` (its name), `time` (ISO 8601), `msg`,
 * then the fields, with every secret field of {@link SECRET_FIELDS} redacted by pino's redaction
 * paths (and deeper ones by {@link redactNestedFields}), `error` fields serialised with their
 * cause, and `url` fields stripped of secret query parameters.
 *
 * @example
 * ```ts
 * const logger = createJsonLogger({ level: 'info' });
 * logger.warn('generated an encryption key', { path });
 * ```
 */
export function createJsonLogger(options: JsonLoggerOptions = {}): Logger {
  const clock = options.clock ?? systemClock;
  const base = pino(
    {
      level: options.level ?? 'info',
      base: null,
      messageKey: 'msg',
      timestamp: () => `,"time":"${isoTimestamp(clock.now())}"`,
      formatters: { level: (label) => ({ level: label }), log: redactNestedFields },
      redact: { paths: [...REDACT_PATHS], censor: REDACTED },
      serializers: {
        error: errorFields,
        err: errorFields,
        url: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
      },
    },
    destination(options.write),
  );
  return new PinoBackedLogger(base);
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
  fatal: () => {},
  child: () => silentLogger,
};
