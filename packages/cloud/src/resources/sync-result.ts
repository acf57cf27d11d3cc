import { DEFAULT_SYNC_TIMEOUT_SECONDS } from '../config/cloud-defaults';
import { PlatformConnectionSyncError } from '../errors/platform-connection-sync-error';
import { PlatformConnectionSyncTimeoutError } from '../errors/platform-connection-sync-timeout-error';
import { PlatformError } from '../errors/platform-error';
import { PlatformInputError } from '../errors/platform-input-error';
import { parsePlatformTime } from '../http/parse-platform-time';
import { PlatformApi } from '../http/platform-api';
import { type AttemptInfo, type JobInfo, JobInfoSchema, JobResponseSchema } from '../http/wire-schemas';
import type { JobSnapshot } from '../jobs/job-snapshot';
import { isFailedJobStatus, isFinalJobStatus, type ReportedJobStatus } from '../jobs/job-status';
import { SyncAttempt } from '../jobs/sync-attempt';
import type { CachedDataset } from '../warehouse/cached-dataset';
import { SqlCache } from '../warehouse/sql-cache';
import type { SqlEngine } from '../warehouse/sql-engine';
import type { SqlTable } from '../warehouse/sql-table';
import type { CloudConnection } from './cloud-connection';
import type { CloudWorkspace } from './cloud-workspace';
import { workspaceContext } from './workspace-context';

/**
 * What a {@link SyncResult} is made of. Not meant for direct use: results come from
 * `connection.runSync()`, `getSyncResult()` and `getPreviousSyncLogs()`.
 *
 * @example
 * ```ts
 * new SyncResult({ workspace, connection, jobId: 42 });
 * ```
 */
export interface SyncResultInit {
  workspace: CloudWorkspace;
  connection: CloudConnection;
  jobId: number;
  /** Put in front of every table name when reading results back (after the connection's prefix rules). Default `""`. */
  tableNamePrefix?: string;
  /** Put after every table name when reading results back. Default `""`. */
  tableNameSuffix?: string;
  /** The job as last read, if the caller has it (saves a request). */
  job?: JobSnapshot;
  /** When `job` was read, by the workspace's polling clock. */
  observedAt?: number;
}

/**
 * Options of {@link SyncResult.waitForCompletion}. Timeouts are in seconds.
 *
 * @example
 * ```ts
 * await result.waitForCompletion({ waitTimeout: 600, raiseFailure: true });
 * ```
 */
export interface WaitForCompletionOptions {
  /** Seconds to wait for a final status. Default 1800. */
  waitTimeout?: number;
  /** Throw {@link PlatformConnectionSyncTimeoutError} when the wait runs out (else return the last status). Default true. */
  raiseTimeout?: boolean;
  /** Throw {@link PlatformConnectionSyncError} when the job ends `failed` or `cancelled`. Default false. */
  raiseFailure?: boolean;
  /** Stops waiting (the job keeps running); rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * One sync job of a connection and what it produced: status, counters, attempts and logs, and
 * (for PostgreSQL, DuckDB and MotherDuck destinations) the synced records read back as datasets
 * and SQL tables. Job details are read lazily and cached once the job is final; every method that
 * needs them is async.
 *
 * @example
 * ```ts
 * const result = await connection.runSync();            // waits (up to 300 s)
 * console.log(await result.getRecordsSynced());
 * for await (const user of await result.getDataset('users')) console.log(user);
 * await result.closeSqlCache();
 * ```
 */
export class SyncResult {
  readonly workspace: CloudWorkspace;
  readonly connection: CloudConnection;
  readonly jobId: number;
  readonly tableNamePrefix: string;
  readonly tableNameSuffix: string;
  #job: JobSnapshot | undefined;
  #observedAt: number | undefined;
  #jobInfo: JobInfo | undefined;
  #cache: Promise<SqlCache> | undefined;

  constructor(init: SyncResultInit) {
    this.workspace = init.workspace;
    this.connection = init.connection;
    this.jobId = init.jobId;
    this.tableNamePrefix = init.tableNamePrefix ?? '';
    this.tableNameSuffix = init.tableNameSuffix ?? '';
    this.#job = init.job;
    this.#observedAt = init.job === undefined ? undefined : init.observedAt;
  }

  /** The connection's job history: the platform has no page per job. */
  get jobUrl(): string {
    return this.connection.jobHistoryUrl;
  }

  /** The job as last read, without a request (undefined before the first read). */
  get lastSnapshot(): JobSnapshot | undefined {
    return this.#job;
  }

  /** The job's details; read from the API unless the cached ones are final (they never change then). */
  async getJob(options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<JobSnapshot> {
    if (this.#job && !options.refresh && isFinalJobStatus(this.#job.status)) return this.#job;
    const { api, clock } = workspaceContext(this.workspace);
    const observedAt = clock.now();
    const job = await api.request({
      path: PlatformApi.path('jobs', this.jobId),
      schema: JobResponseSchema,
      signal: options.signal,
      resource: { type: 'job', id: String(this.jobId) },
    });
    this.#remember(job, observedAt);
    return job;
  }

  /** The job's status (see {@link ReportedJobStatus}: unknown statuses are passed through). */
  async getJobStatus(): Promise<ReportedJobStatus> {
    return (await this.getJob()).status;
  }

  /** True when the job is final: `succeeded`, `failed` or `cancelled`. */
  async isJobComplete(): Promise<boolean> {
    return isFinalJobStatus(await this.getJobStatus());
  }

  /** Bytes the job committed to the destination (0 until it reports any). */
  async getBytesSynced(): Promise<number> {
    return (await this.getJob()).bytesSynced ?? 0;
  }

  /** Records the job committed to the destination (0 until it reports any). */
  async getRecordsSynced(): Promise<number> {
    return (await this.getJob()).rowsSynced ?? 0;
  }

  /** When the job started (was created), in UTC; undefined if the platform did not say. */
  async getStartTime(): Promise<Date | undefined> {
    const { startTime } = await this.getJob();
    return startTime === undefined ? undefined : new Date(parsePlatformTime(startTime));
  }

  /** The connection's selected streams. */
  async getStreamNames(): Promise<Set<string>> {
    return new Set(await this.connection.getStreamNames());
  }

  /** Every selected stream's records, by stream name. */
  async getStreams(): Promise<Map<string, CachedDataset>> {
    const streams = new Map<string, CachedDataset>();
    for (const name of await this.getStreamNames()) streams.set(name, await this.getDataset(name));
    return streams;
  }

  /**
   * The job's attempts, numbered from 0, from the Config API (`POST /jobs/get`). Cached once the
   * job is final; read again on each call while it runs.
   */
  async getAttempts(): Promise<SyncAttempt[]> {
    const info = await this.#loadJobInfo();
    const final = isFinalJobStatus(info.job.status);
    return info.attempts.map(
      (attempt, index) =>
        new SyncAttempt(
          this.jobId,
          index,
          attempt,
          final ? undefined : () => this.#reloadAttempt(attempt.attempt.id),
        ),
    );
  }

  /**
   * Throws {@link PlatformConnectionSyncError} when the job ended `failed` or `cancelled`; returns
   * otherwise (also while the job is not final). Uses the last status read, unless
   * `refreshStatus` is true or none was read yet.
   */
  async raiseFailureStatus(options: { refreshStatus?: boolean } = {}): Promise<void> {
    const job = options.refreshStatus || !this.#job ? await this.getJob({ refresh: true }) : this.#job;
    if (!isFailedJobStatus(job.status)) return;
    const context = workspaceContext(this.workspace);
    throw new PlatformConnectionSyncError(
      `Sync job ${this.jobId} of connection ${this.connection.connectionId} ended ${job.status}. See getAttempts() for the failure and the logs.`,
      {
        connectionId: this.connection.connectionId,
        jobId: this.jobId,
        jobStatus: job.status,
        connectionUrl: this.connection.connectionUrl,
        jobHistoryUrl: this.connection.jobHistoryUrl,
        workspaceId: context.workspaceId,
        workspaceUrl: context.workspaceUrl,
      },
    );
  }

  /**
   * Waits until the job is final and returns its status. Polls as the workspace's polling options
   * say (by default 1 s after the last read, then every 2 s, sharing requests with every other job
   * awaited through the same workspace). `waitTimeout` is in seconds: the last poll happens when it
   * runs out, and a job still not final then makes it throw
   * {@link PlatformConnectionSyncTimeoutError} (or, with `raiseTimeout: false`, return that
   * non-final status). Statuses this client does not know count as not final.
   */
  async waitForCompletion(options: WaitForCompletionOptions = {}): Promise<ReportedJobStatus> {
    const waitTimeout = options.waitTimeout ?? DEFAULT_SYNC_TIMEOUT_SECONDS;
    if (!Number.isFinite(waitTimeout) || waitTimeout < 0) {
      throw new PlatformInputError('waitTimeout must be a number of seconds >= 0', {
        field: 'waitTimeout',
        inputValue: waitTimeout,
      });
    }
    const raiseTimeout = options.raiseTimeout ?? true;
    const raiseFailure = options.raiseFailure ?? false;
    if (this.#job && isFinalJobStatus(this.#job.status)) {
      if (raiseFailure) await this.raiseFailureStatus();
      return this.#job.status;
    }
    const context = workspaceContext(this.workspace);
    const outcome = await context.watcher.watch({
      jobId: this.jobId,
      createdAt: this.#createdAt(),
      lastObservedAt: this.#observedAt,
      timeoutMs: waitTimeout * 1000,
      onSnapshot: (job) => this.#remember(job, context.clock.now()),
      signal: options.signal,
    });
    if (!outcome.timedOut) {
      if (raiseFailure) await this.raiseFailureStatus();
      return outcome.status;
    }
    if (!raiseTimeout) return outcome.status;
    throw new PlatformConnectionSyncTimeoutError(
      `Sync job ${this.jobId} of connection ${this.connection.connectionId} was still ${outcome.status} after ${waitTimeout} s.`,
      {
        connectionId: this.connection.connectionId,
        jobId: this.jobId,
        jobStatus: outcome.status,
        timeout: waitTimeout,
        connectionUrl: this.connection.connectionUrl,
        jobHistoryUrl: this.connection.jobHistoryUrl,
        workspaceId: context.workspaceId,
        workspaceUrl: context.workspaceUrl,
      },
    );
  }

  /**
   * The destination's results as an SQL cache (built once): the connection's destination is read,
   * its `destinationType` picks a reader from the workspace's `WarehouseReaderRegistry`, and table
   * names follow the connection's prefix and namespace settings.
   */
  getSqlCache(): Promise<SqlCache> {
    if (!this.#cache) {
      const building = this.#buildSqlCache();
      this.#cache = building;
      building.catch(() => {
        if (this.#cache === building) this.#cache = undefined;
      });
    }
    return this.#cache;
  }

  /** The SQL cache's engine (shared; closed by {@link SyncResult.closeSqlCache}). */
  async getSqlEngine(): Promise<SqlEngine> {
    return (await this.getSqlCache()).getEngine();
  }

  /** The destination's database name. */
  async getSqlDatabaseName(): Promise<string> {
    return (await this.getSqlCache()).getSqlDatabaseName();
  }

  /** The destination's default schema (a stream's own namespace may differ: pass its name). */
  async getSqlSchemaName(streamName?: string): Promise<string> {
    return (await this.getSqlCache()).getSqlSchemaName(streamName);
  }

  /** The table a stream is written to. */
  async getSqlTableName(streamName: string): Promise<string> {
    return (await this.getSqlCache()).getSqlTableName(streamName);
  }

  /** A stream's table. */
  async getSqlTable(streamName: string): Promise<SqlTable> {
    return (await this.getSqlCache()).getSqlTable(streamName);
  }

  /** A stream's records, iterable in constant memory. */
  async getDataset(streamName: string): Promise<CachedDataset> {
    return (await this.getSqlCache()).getDataset(streamName);
  }

  /** Closes the SQL cache's engine, if one was opened. */
  async closeSqlCache(): Promise<void> {
    const cache = this.#cache;
    if (cache) await (await cache.catch(() => undefined))?.close();
  }

  #remember(job: JobSnapshot, observedAt: number): void {
    this.#job = job;
    this.#observedAt = observedAt;
  }

  #createdAt(): number | undefined {
    const startTime = this.#job?.startTime;
    if (startTime === undefined) return undefined;
    try {
      return parsePlatformTime(startTime);
    } catch {
      return undefined;
    }
  }

  async #loadJobInfo(): Promise<JobInfo> {
    if (this.#jobInfo && isFinalJobStatus(this.#jobInfo.job.status)) return this.#jobInfo;
    const { api } = workspaceContext(this.workspace);
    this.#jobInfo = await api.configPost('/jobs/get', { id: this.jobId }, JobInfoSchema, {
      resource: { type: 'job', id: String(this.jobId) },
    });
    return this.#jobInfo;
  }

  async #reloadAttempt(attemptId: number): Promise<AttemptInfo | undefined> {
    const info = await this.#loadJobInfo();
    return info.attempts.find((attempt) => attempt.attempt.id === attemptId);
  }

  async #buildSqlCache(): Promise<SqlCache> {
    const context = workspaceContext(this.workspace);
    // Fresh: the prefix or namespace settings may have changed since the details were cached.
    const connection = await this.connection.getInfo({ refresh: true });
    const destination = await this.workspace
      .getDestination(connection.destinationId)
      .getInfo({ refresh: true });
    const destinationType = destination.connectorType ?? '';
    const factory = context.warehouseReaders.get(destinationType);
    if (!factory) {
      throw new PlatformError(
        `Cannot read results back from a "${destinationType}" destination; readable types: ${context.warehouseReaders.destinationTypes.join(', ')}.`,
        {
          code: 'unsupported_destination',
          workspaceId: context.workspaceId,
          workspaceUrl: context.workspaceUrl,
          guidance:
            "Register a WarehouseReader for this destination type in the workspace's warehouseReaders.",
        },
      );
    }
    const reader = await factory(
      {
        destinationId: destination.id,
        name: destination.name,
        destinationType,
        configuration: destination.configuration,
      },
      {
        resolveSecret: async (field) =>
          context.warehouseSecrets?.({ destinationId: destination.id, destinationType, field }),
        duckdbLocalRoot: context.duckdbLocalRoot,
      },
    );
    return new SqlCache(reader, {
      tablePrefix: connection.prefix,
      tableNamePrefix: this.tableNamePrefix,
      tableNameSuffix: this.tableNameSuffix,
      namespaceDefinition: connection.namespaceDefinition,
      namespaceFormat: connection.namespaceFormat,
      streamNamespaces: new Map(connection.streams.map((stream) => [stream.name, stream.namespace])),
    });
  }
}
