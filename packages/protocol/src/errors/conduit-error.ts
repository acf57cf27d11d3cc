import { definedOptions } from '../defined-options';
import type { RequestDescription } from '../redact';

const marker = Symbol.for('conduit.error');

/**
 * One fault a caller can act on: which field (a JSON path or parameter name), what, and its code.
 *
 * @example
 * ```ts
 * const detail: ErrorDetail = { field: 'params.project', message: 'project is required', error_code: 'missing_param' };
 * ```
 */
export interface ErrorDetail {
  /** The parameter, body field or JSON path at fault, e.g. `params.project` or `query.filter.and[1].eq`. */
  field?: string;
  message: string;
  /** Machine-readable code, e.g. `missing_param`, `invalid_param`, `invalid_query`. */
  error_code: string;
}

/**
 * Options every Conduit error accepts.
 *
 * @example
 * ```ts
 * new ConduitError('stored credentials are unreadable', { code: 'credentials_unreadable', cause });
 * ```
 */
export interface ConduitErrorOptions {
  /** Machine-readable code; defaults to the class's own. */
  code?: string;
  /** HTTP status that produced the error, when there was one. */
  status?: number;
  /** Whether the same call may succeed if simply tried again later. */
  retryable?: boolean;
  /** The request that failed, with its secrets already redacted. */
  request?: RequestDescription;
  /** Per-field faults. */
  details?: ErrorDetail[];
  cause?: unknown;
}

/**
 * The base of every error Conduit throws. Branded, so `ConduitError.isInstance(error)` works even
 * when two copies of a package are installed and `instanceof` does not.
 *
 * @example
 * ```ts
 * try {
 *   await tasks.tasks.get({ task_gid: '1' });
 * } catch (error) {
 *   if (ConduitError.isInstance(error) && error.retryable) scheduleRetry();
 * }
 * ```
 */
export class ConduitError extends Error {
  readonly [marker] = true;
  override readonly name: string = 'ConduitError';
  /** Machine-readable code (`not_found`, `rate_limited`, `missing_param`, …). */
  readonly code: string;
  /** The HTTP status behind the error, if any. */
  readonly status: number | undefined;
  /** True when the same call may succeed later without changes. */
  readonly retryable: boolean;
  /** What was sent, with `authorization`, tokens and secrets redacted. */
  readonly request: RequestDescription | undefined;
  /** Per-field faults, in the hosted service's error-body shape. */
  readonly details: ErrorDetail[];

  constructor(message: string, options: ConduitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code ?? 'error';
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.request = options.request;
    this.details = options.details ?? [];
  }

  /** True for any Conduit error, across package copies and realms. */
  static isInstance(error: unknown): error is ConduitError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }

  /** A plain, log-safe object: what the CLI prints under `--json` and what services return. */
  toJSON(): {
    name: string;
    message: string;
    code: string;
    status?: number;
    retryable: boolean;
    details: ErrorDetail[];
    request?: RequestDescription;
  } {
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      ...definedOptions({ status: this.status }),
      retryable: this.retryable,
      details: this.details,
      ...definedOptions({ request: this.request }),
    };
  }
}

/**
 * The options with class defaults filled in where the caller left a field out or set it to
 * `undefined` (a plain spread would let an explicit `undefined` erase a default).
 */
export function withDefaults<Options extends object>(defaults: Partial<Options>, options: Options): Options {
  const result: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(options)) if (value !== undefined) result[key] = value;
  return result as Options;
}
