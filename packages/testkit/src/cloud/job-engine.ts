import type { CloudSimulatorClock } from './cloud-simulator-clock';
import type { ConnectionSyncMode } from './connection-sync-modes';
import type { WarehouseKind } from './connector-registry';
import type { JsonSchema, SourceRecord } from './discovered-stream';
import { type AttemptLogEvent, attemptLogEvents } from './job-logs';
import type { CloudFailureOrigin, CloudFailureType, CompiledAttempt, CompiledJobPlan } from './job-plan';

/**
 * Job types of the public API.
 *
 * @example
 * ```ts
 * const type: CloudJobType = sim.state.jobs.get(jobId)?.jobType ?? 'sync';
 * ```
 */
export type CloudJobType = 'sync' | 'reset' | 'refresh' | 'clear';

/** One stream of a job: what it reads and where it writes. */
export interface JobStreamPayload {
  name: string;
  namespace?: string;
  jsonSchema: JsonSchema;
  syncMode: ConnectionSyncMode;
  cursorField: string[];
  primaryKey: string[][];
  selectedFields?: string[];
  records: SourceRecord[];
  bytes: number;
  /** Destination schema (namespace) and table, already normalized. */
  schemaName: string;
  tableName: string;
}

/** Everything a job moves, snapshotted when it is created (as a real sync reads config at start). */
export interface JobPayload {
  kind: 'sync' | 'clear';
  destinationId: string;
  destinationType: string;
  warehouse: WarehouseKind;
  destinationConfiguration: Record<string, unknown>;
  streams: JobStreamPayload[];
  totalRecords: number;
  totalBytes: number;
  generationId: number;
}

/**
 * A table a finished job wrote.
 *
 * @example
 * ```ts
 * sim.state.jobs.get(jobId)?.writtenTables; // [{ schema: 'public', table: 'users', rows: 5 }]
 * ```
 */
export interface CloudWrittenTable {
  schema: string;
  table: string;
  rows: number;
}

/**
 * A job of the simulated platform.
 *
 * @example
 * ```ts
 * const job = sim.state.jobs.get(jobId);
 * job?.payload.totalRecords;
 * ```
 */
export interface CloudJobRecord {
  jobId: number;
  jobType: CloudJobType;
  connectionId: string;
  workspaceId: string;
  createdAt: number;
  plan: CompiledJobPlan;
  attemptIds: number[];
  payload: JobPayload;
  cancelledAt?: number;
  /** `pending` until a successful job's data is written; `done` afterwards (or from the start for history). */
  completion: 'pending' | 'done';
  writeFailure?: string;
  writtenTables: CloudWrittenTable[];
}

/** Statuses after which a job never changes. */
export const finalJobStatuses: readonly string[] = ['succeeded', 'failed', 'cancelled'];

/**
 * Statistics of an attempt or a job.
 *
 * @example
 * ```ts
 * sim.state.attempts(jobId)[0]?.stats.recordsCommitted;
 * ```
 */
export interface CloudSyncStats {
  recordsEmitted: number;
  bytesEmitted: number;
  recordsCommitted: number;
  bytesCommitted: number;
  recordsRejected: number;
}

/**
 * The state of one attempt at a moment.
 *
 * @example
 * ```ts
 * const [first] = sim.state.attempts(jobId);
 * first?.status; // 'failed'
 * first?.failure?.message;
 * ```
 */
export interface CloudAttemptView {
  attemptId: number;
  /** 0-based. */
  index: number;
  status: 'running' | 'failed' | 'succeeded';
  createdAt: number;
  updatedAt: number;
  endedAt?: number;
  stats: CloudSyncStats;
  streamStats: Array<{ streamName: string; streamNamespace?: string; stats: CloudSyncStats }>;
  failure?: {
    origin: CloudFailureOrigin;
    type: CloudFailureType;
    message: string;
    at: number;
    retryable: boolean;
  };
  events: AttemptLogEvent[];
}

/** Completes a successful job: writes its data, updates connection state. */
export type JobCompleter = (job: CloudJobRecord) => Promise<CloudWrittenTable[]>;

/**
 * Drives jobs by the simulated clock. A job's status is computed from its compiled plan and the
 * current time; a job that reaches `succeeded` is only reported so once its data has been
 * written ({@link JobEngine.settle}), and a failed write turns it into `failed`.
 *
 * @example
 * ```ts
 * const engine = new JobEngine(clock, complete);
 * await engine.settle(job);
 * engine.status(job); // 'succeeded'
 * ```
 */
export class JobEngine {
  readonly #clock: CloudSimulatorClock;
  readonly #complete: JobCompleter;
  readonly #inFlight = new Map<number, Promise<void>>();

  constructor(clock: CloudSimulatorClock, complete: JobCompleter) {
    this.#clock = clock;
    this.#complete = complete;
  }

  /** The true status at `at` (defaults to now), ignoring scripted status overrides. */
  realStatus(job: CloudJobRecord, at = this.#clock.now()): string {
    if (job.cancelledAt !== undefined && at >= job.cancelledAt) return 'cancelled';
    const offset = at - job.createdAt;
    const { finalOffset, finalStatus } = job.plan;
    if (finalOffset !== undefined && finalStatus !== undefined && offset >= finalOffset) {
      if (finalStatus !== 'succeeded') return finalStatus;
      if (job.completion !== 'done') return 'running';
      return job.writeFailure === undefined ? 'succeeded' : 'failed';
    }
    const segment = job.plan.segments.find(
      (candidate) => offset >= candidate.from && offset < candidate.until,
    );
    return segment?.status ?? job.plan.segments.at(-1)?.status ?? 'pending';
  }

  /** The status a client sees: the real one, unless a scripted override covers this moment. */
  status(job: CloudJobRecord, at = this.#clock.now()): string {
    const offset = at - job.createdAt;
    const override = job.plan.statusOverrides.find(
      (candidate) =>
        offset >= candidate.fromMs && (candidate.untilMs === undefined || offset < candidate.untilMs),
    );
    return override?.status ?? this.realStatus(job, at);
  }

  /** True when the job can no longer change. */
  isFinal(job: CloudJobRecord, at = this.#clock.now()): boolean {
    return finalJobStatuses.includes(this.realStatus(job, at));
  }

  /** When the job reached its final status, if it has. */
  finishedAt(job: CloudJobRecord, at = this.#clock.now()): number | undefined {
    if (!this.isFinal(job, at)) return undefined;
    if (job.cancelledAt !== undefined && at >= job.cancelledAt) return job.cancelledAt;
    return job.createdAt + (job.plan.finalOffset ?? 0);
  }

  /** The last moment the job changed state, for `updatedAt` fields. */
  updatedAt(job: CloudJobRecord, at = this.#clock.now()): number {
    const finished = this.finishedAt(job, at);
    if (finished !== undefined) return finished;
    const offset = at - job.createdAt;
    const started = job.plan.segments
      .filter((segment) => segment.from <= offset)
      .map((segment) => segment.from);
    return job.createdAt + (started.length > 0 ? Math.max(...started) : 0);
  }

  /** Cancels a job that is not final; returns false when it already was. */
  cancel(job: CloudJobRecord): boolean {
    if (this.isFinal(job)) return false;
    job.cancelledAt = this.#clock.now();
    return true;
  }

  /**
   * Writes a job's data if it has just succeeded. Concurrent callers share one write, so a job
   * polled by several requests at once is written exactly once.
   */
  async settle(job: CloudJobRecord): Promise<void> {
    if (job.completion === 'done') return;
    const { finalOffset, finalStatus } = job.plan;
    const now = this.#clock.now();
    if (finalStatus !== 'succeeded' || finalOffset === undefined || now < job.createdAt + finalOffset) return;
    if (job.cancelledAt !== undefined && job.cancelledAt <= job.createdAt + finalOffset) return;
    let running = this.#inFlight.get(job.jobId);
    if (!running) {
      running = this.#complete(job).then(
        (tables) => {
          job.writtenTables = tables;
          job.completion = 'done';
        },
        (error: unknown) => {
          job.writeFailure = error instanceof Error ? error.message : String(error);
          job.completion = 'done';
        },
      );
      this.#inFlight.set(job.jobId, running);
    }
    try {
      await running;
    } finally {
      this.#inFlight.delete(job.jobId);
    }
  }

  /** Waits for every destination write in progress, so nothing writes after the simulator closes. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.#inFlight.values()]);
  }

  /** The attempts that have started by `at`, with their stats and logs. */
  attempts(job: CloudJobRecord, at = this.#clock.now()): CloudAttemptView[] {
    return job.plan.attempts
      .filter((attempt) => job.createdAt + attempt.start <= at)
      .filter((attempt) => job.cancelledAt === undefined || job.createdAt + attempt.start <= job.cancelledAt)
      .map((attempt) => this.#attemptView(job, attempt, at));
  }

  /** Totals over the attempts, as the job-level `aggregatedStats` and `bytesSynced`/`rowsSynced`. */
  stats(job: CloudJobRecord, at = this.#clock.now()): CloudSyncStats {
    const total: CloudSyncStats = emptyStats();
    for (const attempt of this.attempts(job, at)) {
      total.recordsEmitted += attempt.stats.recordsEmitted;
      total.bytesEmitted += attempt.stats.bytesEmitted;
      total.recordsCommitted += attempt.stats.recordsCommitted;
      total.bytesCommitted += attempt.stats.bytesCommitted;
    }
    return total;
  }

  #attemptView(job: CloudJobRecord, attempt: CompiledAttempt, at: number): CloudAttemptView {
    const start = job.createdAt + attempt.start;
    const plannedEnd = job.createdAt + attempt.end;
    const cancelled = job.cancelledAt !== undefined && job.cancelledAt < plannedEnd;
    const end = cancelled ? (job.cancelledAt as number) : plannedEnd;
    const isLast = attempt.index === job.plan.attempts.length - 1;
    const awaitingWrite = attempt.outcome === 'succeeded' && job.completion !== 'done';
    const done = at >= end && !(awaitingWrite && !cancelled);
    const writeFailed =
      attempt.outcome === 'succeeded' && isLast && job.writeFailure !== undefined && !cancelled;
    let status: CloudAttemptView['status'] = 'running';
    if (done) status = attempt.outcome === 'succeeded' && !cancelled && !writeFailed ? 'succeeded' : 'failed';

    const succeeded = status === 'succeeded' || (status === 'running' && attempt.outcome === 'succeeded');
    const targetRecords = attempt.plan.recordsSynced ?? (succeeded ? job.payload.totalRecords : 0);
    const targetBytes = attempt.plan.bytesSynced ?? (succeeded ? job.payload.totalBytes : 0);
    const fraction = done
      ? 1
      : Number.isFinite(end) && end > start
        ? Math.min(1, Math.max(0, (at - start) / (end - start)))
        : 0;
    const lost = done && (cancelled || writeFailed);
    const records = lost ? 0 : Math.floor(targetRecords * fraction);
    const bytes = lost ? 0 : Math.floor(targetBytes * fraction);
    const stats: CloudSyncStats = {
      recordsEmitted: Math.floor(targetRecords * fraction),
      bytesEmitted: Math.floor(targetBytes * fraction),
      recordsCommitted: records,
      bytesCommitted: bytes,
      recordsRejected: 0,
    };

    const failure =
      done && status === 'failed' ? this.#failure(job, attempt, end, cancelled, writeFailed) : undefined;
    const streamCounts = job.payload.streams.map((stream) => ({
      stream,
      records:
        job.payload.totalRecords === 0
          ? 0
          : Math.floor((records * stream.records.length) / Math.max(1, job.payload.totalRecords)),
      bytes:
        job.payload.totalBytes === 0
          ? 0
          : Math.floor((bytes * stream.bytes) / Math.max(1, job.payload.totalBytes)),
    }));
    const written = new Map(job.writtenTables.map((table) => [`${table.schema}.${table.table}`, table]));
    const events = attemptLogEvents(
      {
        jobId: job.jobId,
        connectionId: job.connectionId,
        attemptNumber: attempt.index,
        start,
        end: done ? end : undefined,
        outcome: !done
          ? 'running'
          : cancelled
            ? 'cancelled'
            : status === 'succeeded'
              ? 'succeeded'
              : 'failed',
        streams: streamCounts.map(({ stream, records: count }) => {
          const key = `${stream.schemaName}.${stream.tableName}`;
          return { name: stream.name, records: count, ...(written.has(key) ? { table: key } : {}) };
        }),
        extraLines: attempt.plan.logLines ?? [],
        ...(failure === undefined
          ? {}
          : { failureMessage: failure.message, failureSource: logSourceOf(failure.origin) }),
      },
      at,
    );
    return {
      attemptId: job.attemptIds[attempt.index] as number,
      index: attempt.index,
      status,
      createdAt: start,
      updatedAt: done ? end : start,
      ...(done ? { endedAt: end } : {}),
      stats,
      streamStats: streamCounts.map(({ stream, records: count, bytes: size }) => ({
        streamName: stream.name,
        ...(stream.namespace === undefined ? {} : { streamNamespace: stream.namespace }),
        stats: {
          recordsEmitted: count,
          bytesEmitted: size,
          recordsCommitted: count,
          bytesCommitted: size,
          recordsRejected: 0,
        },
      })),
      ...(failure === undefined ? {} : { failure }),
      events,
    };
  }

  #failure(
    job: CloudJobRecord,
    attempt: CompiledAttempt,
    at: number,
    cancelled: boolean,
    writeFailed: boolean,
  ): NonNullable<CloudAttemptView['failure']> {
    if (cancelled) {
      return {
        origin: 'airbyte_platform',
        type: 'manual_cancellation',
        message: 'The sync was cancelled.',
        at,
        retryable: false,
      };
    }
    if (writeFailed) {
      return {
        origin: 'destination',
        type: 'system_error',
        message: `Writing to the destination failed: ${job.writeFailure}`,
        at,
        retryable: true,
      };
    }
    if (attempt.outcome === 'cancelled') {
      return {
        origin: 'airbyte_platform',
        type: 'manual_cancellation',
        message: 'The sync was cancelled.',
        at,
        retryable: false,
      };
    }
    return {
      origin: attempt.plan.failureOrigin ?? 'source',
      type: attempt.plan.failureType ?? 'system_error',
      message: attempt.plan.failureMessage ?? 'Something went wrong in the connector.',
      at,
      retryable: attempt.plan.failureType !== 'config_error',
    };
  }
}

function emptyStats(): CloudSyncStats {
  return { recordsEmitted: 0, bytesEmitted: 0, recordsCommitted: 0, bytesCommitted: 0, recordsRejected: 0 };
}

function logSourceOf(origin: CloudFailureOrigin): AttemptLogEvent['logSource'] {
  if (origin === 'source' || origin === 'destination') return origin;
  return 'platform';
}
