import {
  PlatformConnectionSyncError,
  type PlatformConnectionSyncErrorOptions,
} from './platform-connection-sync-error';

/**
 * Options of {@link PlatformConnectionSyncTimeoutError}.
 *
 * @example
 * ```ts
 * new PlatformConnectionSyncTimeoutError('…', { connectionId, jobId: 12, jobStatus: 'running', timeout: 300 });
 * ```
 */
export interface PlatformConnectionSyncTimeoutErrorOptions extends PlatformConnectionSyncErrorOptions {
  /** The wait that ran out, in seconds. */
  timeout: number;
}

/**
 * `waitForCompletion` (or `runSync({ wait: true })`) gave up waiting: the job was still not final
 * when `waitTimeout` seconds had passed. The job keeps running on the platform; `jobStatus` is the
 * last status seen. Retryable: waiting again may see it finish.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformConnectionSyncTimeoutError) await result.waitForCompletion({ waitTimeout: 3600 });
 * }
 * ```
 */
export class PlatformConnectionSyncTimeoutError extends PlatformConnectionSyncError {
  override readonly name: string = 'PlatformConnectionSyncTimeoutError';
  /** In seconds. */
  readonly timeout: number;

  constructor(message: string, options: PlatformConnectionSyncTimeoutErrorOptions) {
    super(message, { code: 'sync_timeout', retryable: true, ...options });
    this.timeout = options.timeout;
  }
}
