/**
 * The job statuses of the platform (the seed's `JobStatusEnum`), as a const object so both
 * `JobStatus.SUCCEEDED` and the string `'succeeded'` work.
 *
 * @example
 * ```ts
 * if ((await result.getJobStatus()) === JobStatus.SUCCEEDED) console.log('done');
 * ```
 */
export const JobStatus = Object.freeze({
  CANCELLED: 'cancelled',
  FAILED: 'failed',
  INCOMPLETE: 'incomplete',
  PENDING: 'pending',
  RUNNING: 'running',
  SUCCEEDED: 'succeeded',
} as const);

/** One of the six statuses of {@link JobStatus}. */
export type JobStatus = (typeof JobStatus)[keyof typeof JobStatus];

/**
 * A status as the server reports it: one of {@link JobStatus}, or a newer one this client does
 * not know (the platform has since added `queued`). Unknown statuses are never final.
 *
 * @example
 * ```ts
 * const status: ReportedJobStatus = 'queued';
 * ```
 */
export type ReportedJobStatus = JobStatus | (string & {});

/**
 * Statuses after which a job never changes.
 *
 * @example
 * ```ts
 * FINAL_JOB_STATUSES.includes('failed'); // true
 * ```
 */
export const FINAL_JOB_STATUSES: readonly JobStatus[] = Object.freeze([
  JobStatus.SUCCEEDED,
  JobStatus.FAILED,
  JobStatus.CANCELLED,
]);

/**
 * Final statuses that mean the sync did not succeed.
 *
 * @example
 * ```ts
 * FAILED_JOB_STATUSES.includes('cancelled'); // true
 * ```
 */
export const FAILED_JOB_STATUSES: readonly JobStatus[] = Object.freeze([
  JobStatus.FAILED,
  JobStatus.CANCELLED,
]);

/**
 * True when the job can no longer change. Unknown statuses (`queued`, or anything newer) are not
 * final, so a waiting client keeps waiting instead of failing.
 *
 * @example
 * ```ts
 * isFinalJobStatus('incomplete'); // false: an attempt failed and a retry is pending
 * ```
 */
export function isFinalJobStatus(status: string): boolean {
  return (FINAL_JOB_STATUSES as readonly string[]).includes(status);
}

/**
 * True for `failed` and `cancelled`.
 *
 * @example
 * ```ts
 * isFailedJobStatus('failed'); // true
 * ```
 */
export function isFailedJobStatus(status: string): boolean {
  return (FAILED_JOB_STATUSES as readonly string[]).includes(status);
}
