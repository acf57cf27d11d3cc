/**
 * What the platform last said about a job (`JobResponse` of the public API).
 *
 * @example
 * ```ts
 * const snapshot: JobSnapshot = { jobId: 12, status: 'running', startTime: '2026-01-02T03:04Z' };
 * ```
 */
export interface JobSnapshot {
  jobId: number;
  /** A {@link ReportedJobStatus}: one of `JobStatus`, or a status newer than this client. */
  status: string;
  /** `sync`, `reset`, `clear` or `refresh`. */
  jobType?: string | undefined;
  connectionId?: string | undefined;
  /** When the job was created, as the server prints it (seconds may be missing: `12:00Z`). */
  startTime?: string | undefined;
  /** Only once the job is final. */
  lastUpdatedAt?: string | undefined;
  /** ISO-8601 duration, absent while pending. */
  duration?: string | undefined;
  bytesSynced?: number | null | undefined;
  rowsSynced?: number | null | undefined;
}
