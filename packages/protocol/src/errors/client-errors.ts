import { ConduitError, type ConduitErrorOptions, type ErrorDetail, withDefaults } from './conduit-error';

/**
 * Input that fails its schema or a rule, caught before anything is sent. `details` names every
 * field at fault.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof ValidationError) for (const d of error.details) console.log(d.field, d.message);
 * }
 * ```
 */
export class ValidationError extends ConduitError {
  override readonly name: string = 'ValidationError';
  constructor(message: string, options: ConduitErrorOptions & { details: ErrorDetail[] }) {
    super(message, withDefaults({ code: 'invalid_param' }, options));
  }
}

/**
 * A response that arrived but does not have the shape the contract promises.
 *
 * @example
 * ```ts
 * const result = schema.safeParse(body);
 * if (!result.success) throw new ResponseValidationError('unexpected task shape', { cause: result.error });
 * ```
 */
export class ResponseValidationError extends ConduitError {
  override readonly name: string = 'ResponseValidationError';
  constructor(message: string, options: ConduitErrorOptions = {}) {
    super(message, withDefaults({ code: 'invalid_response' }, options));
  }
}

/**
 * The connection failed before a response arrived (refused, reset, DNS). Retryable.
 *
 * @example
 * ```ts
 * throw new NetworkError('connection refused', { cause, request: describeRequest('GET', url) });
 * ```
 */
export class NetworkError extends ConduitError {
  override readonly name: string = 'NetworkError';
  constructor(message: string, options: ConduitErrorOptions = {}) {
    super(message, withDefaults({ code: 'network_error', retryable: true }, options));
  }
}

/**
 * No response (or no next chunk of one) within the allowed time. Retryable.
 *
 * @example
 * ```ts
 * throw new TimeoutError('no response within 30 s', { timeoutMs: 30_000 });
 * ```
 */
export class TimeoutError extends ConduitError {
  override readonly name: string = 'TimeoutError';
  /** The limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number | undefined;
  constructor(message: string, options: ConduitErrorOptions & { timeoutMs?: number } = {}) {
    super(message, withDefaults({ code: 'timeout', retryable: true }, options));
    this.timeoutMs = options.timeoutMs;
  }
}

/**
 * The entity or action does not exist, or exists only in another mode (`search` runs only in
 * hosted mode). `code` is `unknown_entity`, `unsupported_action` or `hosted_only`.
 *
 * @example
 * ```ts
 * throw new UnsupportedOperationError('search runs only in hosted mode', { code: 'hosted_only' });
 * ```
 */
export class UnsupportedOperationError extends ConduitError {
  override readonly name: string = 'UnsupportedOperationError';
  constructor(message: string, options: ConduitErrorOptions = {}) {
    super(message, withDefaults({ code: 'unsupported_action' }, options));
  }
}

/**
 * A pagination cursor is no longer valid (expired, or from another query). Start the listing again
 * from its first page.
 *
 * @example
 * ```ts
 * if (error instanceof CursorExpiredError) return listFromStart();
 * ```
 */
export class CursorExpiredError extends ConduitError {
  override readonly name: string = 'CursorExpiredError';
  constructor(message: string, options: ConduitErrorOptions = {}) {
    super(message, withDefaults({ code: 'cursor_expired' }, options));
  }
}
