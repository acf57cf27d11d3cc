import type { AttemptRecord } from '../http/attempt-record';
import { formatAttemptLog } from './format-attempt-log';

/**
 * One attempt of a sync job (a job retries failed attempts). Read with `SyncResult.getAttempts()`;
 * the log text is read with {@link SyncAttempt.getFullLogText}, which fetches the current log
 * when the job was still running when the attempts were listed.
 *
 * @example
 * ```ts
 * for (const attempt of await result.getAttempts()) {
 *   console.log(attempt.attemptNumber, attempt.status, attempt.recordsSynced);
 *   console.log(await attempt.getFullLogText());
 * }
 * ```
 */
export class SyncAttempt {
  readonly jobId: number;
  /** 0-based position among the job's attempts. */
  readonly attemptNumber: number;
  readonly attemptId: number;
  /** `running`, `failed` or `succeeded`. */
  readonly status: string;
  readonly bytesSynced: number;
  readonly recordsSynced: number;
  /**
   * When the attempt started. The platform's int64 epoch seconds may lie outside JavaScript's date
   * range (±8.64e15 ms), and then this is an invalid `Date`: {@link SyncAttempt.createdAtSeconds}
   * keeps the value as sent.
   */
  readonly createdAt: Date;
  /** The start as the platform sent it, in epoch seconds. */
  readonly createdAtSeconds: number;
  /** When the attempt ended, if it has (an invalid `Date` outside JavaScript's range, as above). */
  readonly endedAt: Date | undefined;
  /** The end as the platform sent it, in epoch seconds, if it has ended. */
  readonly endedAtSeconds: number | undefined;
  /** What the platform says went wrong, for a failed attempt. */
  readonly failureMessages: readonly string[];
  readonly #info: AttemptRecord;
  readonly #reload: (() => Promise<AttemptRecord | undefined>) | undefined;

  /**
   * Built by `SyncResult.getAttempts()`. `reload`, when given, fetches the attempt's current state
   * (used for the log of an attempt of a job that was not final yet).
   */
  constructor(
    jobId: number,
    attemptNumber: number,
    info: AttemptRecord,
    reload?: () => Promise<AttemptRecord | undefined>,
  ) {
    const attempt = info.attempt;
    this.jobId = jobId;
    this.attemptNumber = attemptNumber;
    this.attemptId = attempt.id;
    this.status = attempt.status;
    this.bytesSynced = attempt.bytesSynced ?? 0;
    this.recordsSynced = attempt.recordsSynced ?? 0;
    // The Config API reports attempt times in epoch seconds.
    this.createdAtSeconds = attempt.createdAt;
    this.createdAt = new Date(attempt.createdAt * 1000);
    this.endedAtSeconds = attempt.endedAt ?? undefined;
    this.endedAt = this.endedAtSeconds === undefined ? undefined : new Date(this.endedAtSeconds * 1000);
    this.failureMessages = (attempt.failureSummary?.failures ?? [])
      .map((failure) => failure.externalMessage)
      .filter((message): message is string => typeof message === 'string' && message !== '');
    this.#info = info;
    this.#reload = reload;
  }

  /** The attempt's whole log as text (see `formatAttemptLog`); fetched fresh while the job runs. */
  async getFullLogText(): Promise<string> {
    const current = this.#reload ? ((await this.#reload()) ?? this.#info) : this.#info;
    return formatAttemptLog(current);
  }
}
