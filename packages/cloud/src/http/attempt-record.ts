/**
 * One attempt as the Config API's `POST /jobs/get` returns it (`AttemptInfoRead`), limited to the
 * fields the client reads: the attempt's state and stats, and its logs.
 *
 * @example
 * ```ts
 * const record: AttemptRecord = { attempt: { id: 7, status: 'succeeded', createdAt: 1767323045 }, logs: { logLines: [] } };
 * ```
 */
export interface AttemptRecord {
  attempt: {
    id: number;
    /** `running`, `failed` or `succeeded`. */
    status: string;
    /** Epoch seconds. */
    createdAt: number;
    /** Epoch seconds, once ended. */
    endedAt?: number | null | undefined;
    bytesSynced?: number | null | undefined;
    recordsSynced?: number | null | undefined;
    failureSummary?:
      | { failures?: Array<{ externalMessage?: string | null | undefined }> | undefined }
      | null
      | undefined;
  };
  /** `events` for structured logs, `logLines` for formatted ones. */
  logs?:
    | {
        events?: Array<{ timestamp: number; level: string; message: string }> | undefined;
        logLines?: string[] | undefined;
      }
    | null
    | undefined;
}
