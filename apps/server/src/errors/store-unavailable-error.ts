import { ConduitError, type ConduitErrorOptions } from '@conduit/protocol';

/**
 * The store (SQLite file or PostgreSQL server) cannot be reached or is shutting down. Answered as
 * 503 with `Retry-After`, never as a 500: the request itself was fine and may succeed later.
 *
 * @example
 * ```ts
 * throw new StoreUnavailableError('database connection refused', { cause: error });
 * ```
 */
export class StoreUnavailableError extends ConduitError {
  override readonly name: string = 'StoreUnavailableError';
  /** How long a caller should wait before trying again, in seconds. */
  readonly retryAfterSeconds: number;

  constructor(message: string, options: ConduitErrorOptions & { retryAfterSeconds?: number } = {}) {
    super(message, { code: 'store_unavailable', status: 503, retryable: true, ...options });
    this.retryAfterSeconds = options.retryAfterSeconds ?? 5;
  }
}
