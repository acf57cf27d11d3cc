import { PlatformError, type PlatformErrorOptions } from './platform-error';

/**
 * Options of {@link PlatformConnectionSyncError}.
 *
 * @example
 * ```ts
 * new PlatformConnectionSyncError('Sync 12 failed', { connectionId, jobId: 12, jobStatus: 'failed' });
 * ```
 */
export interface PlatformConnectionSyncErrorOptions extends PlatformErrorOptions {
  connectionId: string;
  /** Undefined when no job was created (a sync was already running). */
  jobId?: number;
  /** The status that made the sync fail (`failed`, `cancelled`), or the last one seen. */
  jobStatus?: string;
  connectionUrl?: string;
  jobHistoryUrl?: string;
}

/**
 * A sync job did not succeed: it ended `failed` or `cancelled` (`raiseFailureStatus()`,
 * `runSync({ wait: true })`, `waitForCompletion({ raiseFailure: true })`), or the platform refused
 * to start it because one is already running. `jobUrl` points at the job in the connection's
 * timeline.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformConnectionSyncError) console.log(error.jobStatus, error.jobUrl);
 * }
 * ```
 */
export class PlatformConnectionSyncError extends PlatformError {
  override readonly name: string = 'PlatformConnectionSyncError';
  readonly connectionId: string;
  readonly jobId: number | undefined;
  readonly jobStatus: string | undefined;
  readonly connectionUrl: string | undefined;
  readonly jobHistoryUrl: string | undefined;

  constructor(message: string, options: PlatformConnectionSyncErrorOptions) {
    super(message, { code: 'sync_failed', ...options });
    this.connectionId = options.connectionId;
    this.jobId = options.jobId;
    this.jobStatus = options.jobStatus;
    this.connectionUrl = options.connectionUrl;
    this.jobHistoryUrl = options.jobHistoryUrl;
  }

  /** The job's anchor in the connection's timeline (the platform has no per-job page). */
  get jobUrl(): string | undefined {
    if (this.jobHistoryUrl === undefined || this.jobId === undefined) return this.jobHistoryUrl;
    return `${this.jobHistoryUrl}#${this.jobId}::0`;
  }
}
