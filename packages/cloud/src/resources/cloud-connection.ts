import * as z from 'zod';
import { RUN_SYNC_TIMEOUT_SECONDS } from '../config/cloud-defaults';
import { PlatformApiError } from '../errors/platform-api-error';
import { PlatformConnectionSyncError } from '../errors/platform-connection-sync-error';
import { PlatformInputError } from '../errors/platform-input-error';
import { PlatformValueError } from '../errors/platform-value-error';
import { PlatformWorkspaceMismatchError } from '../errors/platform-workspace-mismatch-error';
import { PlatformApi } from '../http/platform-api';
import { ConnectionResponseSchema, JobResponseSchema } from '../http/wire-schemas';
import { type ConfiguredCatalog, toProtocolCatalog } from './catalog-format';
import type { CloudDestination } from './cloud-destination';
import type { CloudSource } from './cloud-source';
import type { CloudWorkspace } from './cloud-workspace';
import { type ConnectionInfo, toConnectionInfo } from './connection-info';
import { SyncResult } from './sync-result';
import { workspaceContext } from './workspace-context';

/**
 * What a {@link CloudConnection} is made of. Prefer `workspace.getConnection(id)`.
 *
 * @example
 * ```ts
 * new CloudConnection({ workspace, connectionId });
 * ```
 */
export interface CloudConnectionInit {
  workspace: CloudWorkspace;
  connectionId: string;
  /** The source's id, if known (saves a request when only the id is needed). */
  sourceId?: string;
  /** The destination's id, if known. */
  destinationId?: string;
}

/**
 * Options of {@link CloudConnection.runSync}. Timeouts are in seconds.
 *
 * @example
 * ```ts
 * await connection.runSync({ waitTimeout: 900 });
 * ```
 */
export interface RunSyncOptions {
  /** Wait for the job to be final. Default true. */
  wait?: boolean;
  /** Seconds to wait (with `wait`). Default 300. */
  waitTimeout?: number;
  /** Stops waiting (the job keeps running). */
  signal?: AbortSignal;
}

/**
 * Options of {@link CloudConnection.getPreviousSyncLogs}.
 *
 * @example
 * ```ts
 * await connection.getPreviousSyncLogs({ limit: 5, fromTail: true });
 * ```
 */
export interface PreviousSyncLogsOptions {
  /** At most this many jobs. Default 20. */
  limit?: number;
  /** Jobs to skip first. Default 0. */
  offset?: number;
  /** Newest first (`createdAt` descending); `false` for oldest first. Default true. */
  fromTail?: boolean;
}

/**
 * Options of the connection deletes.
 *
 * @example
 * ```ts
 * await connection.permanentlyDelete({ cascadeDeleteSource: true, cascadeDeleteDestination: true });
 * ```
 */
export interface CascadeDeleteOptions {
  /** Also delete the connection's source. Default false. */
  cascadeDeleteSource?: boolean;
  /** Also delete the connection's destination. Default false. */
  cascadeDeleteDestination?: boolean;
}

const StateSchema = z.looseObject({
  stateType: z.string(),
  streamState: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
});
const WebBackendConnectionSchema = z.looseObject({ syncCatalog: z.unknown().optional() });
const maxJobsPage = 100;

/**
 * A connection: a source paired with a destination, with its own streams, schedule and sync
 * jobs. Lazy: `workspace.getConnection(id)` makes no request; details (`getName()`,
 * `getStreamNames()`, …) are fetched once, verified to belong to the workspace, and cached;
 * `isEnabled()` reads the status fresh every time.
 *
 * @example
 * ```ts
 * const connection = workspace.getConnection(connectionId);
 * const result = await connection.runSync();
 * console.log(await result.getJobStatus(), await result.getRecordsSynced());
 * ```
 */
export class CloudConnection {
  readonly workspace: CloudWorkspace;
  readonly connectionId: string;
  #sourceId: string | undefined;
  #destinationId: string | undefined;
  #info: ConnectionInfo | undefined;
  #source: CloudSource | undefined;
  #destination: CloudDestination | undefined;

  constructor(init: CloudConnectionInit, info?: ConnectionInfo) {
    this.workspace = init.workspace;
    this.connectionId = init.connectionId;
    this.#sourceId = init.sourceId ?? info?.sourceId;
    this.#destinationId = init.destinationId ?? info?.destinationId;
    this.#info = info;
  }

  /** The connection's page in the web app. */
  get connectionUrl(): string {
    return `${this.workspace.workspaceUrl}/connections/${this.connectionId}`;
  }

  /** The connection's job history (timeline) in the web app. */
  get jobHistoryUrl(): string {
    return `${this.connectionUrl}/timeline`;
  }

  /**
   * The connection's details, fetched on first use (or again with `refresh: true`) and cached.
   * Throws {@link PlatformWorkspaceMismatchError} when the connection belongs to another workspace.
   */
  async getInfo(options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<ConnectionInfo> {
    if (this.#info && !options.refresh) return this.#info;
    const { api } = workspaceContext(this.workspace);
    const wire = await api.request({
      path: PlatformApi.path('connections', this.connectionId),
      schema: ConnectionResponseSchema,
      signal: options.signal,
      resource: { type: 'connection', id: this.connectionId },
    });
    return this.#remember(toConnectionInfo(wire));
  }

  /** The display name (lazy, cached). */
  async getName(): Promise<string | undefined> {
    return (await this.getInfo()).name;
  }

  /** The selected streams' names (lazy, cached). */
  async getStreamNames(): Promise<string[]> {
    return [...(await this.getInfo()).streamNames];
  }

  /** The table prefix, `""` when none (lazy, cached). */
  async getTablePrefix(): Promise<string> {
    return (await this.getInfo()).prefix;
  }

  /** The source's id (from construction, else lazy). */
  async getSourceId(): Promise<string> {
    this.#sourceId ??= (await this.getInfo()).sourceId;
    return this.#sourceId;
  }

  /** The destination's id (from construction, else lazy). */
  async getDestinationId(): Promise<string> {
    this.#destinationId ??= (await this.getInfo()).destinationId;
    return this.#destinationId;
  }

  /** The source, as a lazy object (memoised). */
  async getSource(): Promise<CloudSource> {
    this.#source ??= this.workspace.getSource(await this.getSourceId());
    return this.#source;
  }

  /** The destination, as a lazy object (memoised). */
  async getDestination(): Promise<CloudDestination> {
    this.#destination ??= this.workspace.getDestination(await this.getDestinationId());
    return this.#destination;
  }

  /** True when the connection's status is `active`. Always read fresh from the API (never cached). */
  async isEnabled(): Promise<boolean> {
    return (await this.getInfo({ refresh: true })).status === 'active';
  }

  /**
   * True when the connection exists and belongs to this workspace; otherwise throws
   * `PlatformMissingResourceError` or {@link PlatformWorkspaceMismatchError}. Always reads fresh.
   */
  async checkIsValid(): Promise<boolean> {
    await this.getInfo({ refresh: true });
    return true;
  }

  /**
   * The configured catalog (every stream with its schema, sync modes, cursor and primary key, and
   * whether it is selected) in the protocol's shape, from the Config API
   * (`POST /v1/web_backend/connections/get`); undefined when the connection has none.
   */
  async getCatalogArtifact(): Promise<ConfiguredCatalog | undefined> {
    const { api } = workspaceContext(this.workspace);
    const body = await api.configPost(
      '/web_backend/connections/get',
      { connectionId: this.connectionId, withRefreshedCatalog: false },
      WebBackendConnectionSchema,
      { resource: { type: 'connection', id: this.connectionId } },
    );
    return body.syncCatalog === undefined || body.syncCatalog === null
      ? undefined
      : toProtocolCatalog(body.syncCatalog);
  }

  /**
   * The per-stream state objects from the Config API (`POST /v1/state/get`); undefined when no
   * state is set (`not_set`), `[]` for state kinds without per-stream entries.
   */
  async getStateArtifacts(): Promise<Array<Record<string, unknown>> | undefined> {
    const { api } = workspaceContext(this.workspace);
    const state = await api.configPost('/state/get', { connectionId: this.connectionId }, StateSchema, {
      resource: { type: 'connection', id: this.connectionId },
    });
    if (state.stateType === 'not_set') return undefined;
    return state.streamState ?? [];
  }

  /**
   * Past jobs of the connection with their id, status, bytes and rows and start time (cached on
   * each result; logs are fetched only by `result.getAttempts()`), newest first by default.
   */
  async getPreviousSyncLogs(options: PreviousSyncLogsOptions = {}): Promise<SyncResult[]> {
    const limit = options.limit ?? 20;
    const offset = options.offset ?? 0;
    if (!Number.isInteger(limit) || limit <= 0) {
      throw new PlatformInputError('limit must be an integer greater than 0', {
        field: 'limit',
        inputValue: limit,
      });
    }
    if (!Number.isInteger(offset) || offset < 0) {
      throw new PlatformInputError('offset must be an integer >= 0', { field: 'offset', inputValue: offset });
    }
    const context = workspaceContext(this.workspace);
    const pinned = {
      connectionId: this.connectionId,
      workspaceIds: context.workspaceId,
      orderBy: options.fromTail === false ? 'createdAt|ASC' : 'createdAt|DESC',
    };
    let remaining = limit;
    let requested = Math.min(remaining, maxJobsPage);
    const listing = context.api.pages(
      {
        collectionPath: '/jobs',
        query: { ...pinned, limit: String(requested), offset: String(offset) },
        pinned,
        adjust: (query) => {
          requested = Math.min(remaining, maxJobsPage);
          query.set('limit', String(requested));
        },
      },
      JobResponseSchema,
    );
    const observedAt = context.clock.now();
    const results: SyncResult[] = [];
    for await (const page of listing.pages()) {
      for (const job of page.data.slice(0, remaining)) {
        results.push(
          new SyncResult({ workspace: this.workspace, connection: this, jobId: job.jobId, job, observedAt }),
        );
      }
      remaining = limit - results.length;
      // A short page is the last one: no need to ask for the (empty) page after it.
      if (remaining <= 0 || page.data.length < requested) break;
    }
    return results;
  }

  /**
   * The result of one job: `jobId` given, a lazy result (no request, existence not checked);
   * omitted, the newest job's, or undefined when the connection has none.
   */
  async getSyncResult(jobId?: number): Promise<SyncResult | undefined> {
    if (jobId !== undefined) {
      if (!Number.isInteger(jobId) || jobId < 0) {
        throw new PlatformInputError('jobId must be a non-negative integer', {
          field: 'jobId',
          inputValue: jobId,
        });
      }
      return new SyncResult({ workspace: this.workspace, connection: this, jobId });
    }
    const [latest] = await this.getPreviousSyncLogs({ limit: 1 });
    return latest;
  }

  /**
   * Starts a sync (`POST /jobs`). With `wait` (default), waits up to `waitTimeout` seconds
   * (default 300) and throws `PlatformConnectionSyncError` if the job fails or is cancelled, or
   * `PlatformConnectionSyncTimeoutError` if it is not final in time. A sync that is already running
   * makes the platform refuse a new one: that is a `PlatformConnectionSyncError` without `jobId`.
   */
  async runSync(options: RunSyncOptions = {}): Promise<SyncResult> {
    const context = workspaceContext(this.workspace);
    let job: z.infer<typeof JobResponseSchema>;
    try {
      job = await context.api.request({
        method: 'POST',
        path: '/jobs',
        json: { connectionId: this.connectionId, jobType: 'sync' },
        schema: JobResponseSchema,
        signal: options.signal,
        resource: { type: 'connection', id: this.connectionId },
      });
    } catch (error) {
      if (error instanceof PlatformApiError && error.status === 409) {
        throw new PlatformConnectionSyncError(
          `The platform refused to start a sync of connection ${this.connectionId}: ${error.message}`,
          {
            connectionId: this.connectionId,
            connectionUrl: this.connectionUrl,
            jobHistoryUrl: this.jobHistoryUrl,
            workspaceId: context.workspaceId,
            workspaceUrl: context.workspaceUrl,
            status: 409,
            retryable: true,
            cause: error,
          },
        );
      }
      throw error;
    }
    const result = new SyncResult({
      workspace: this.workspace,
      connection: this,
      jobId: job.jobId,
      job,
      observedAt: context.clock.now(),
    });
    if (options.wait ?? true) {
      await result.waitForCompletion({
        waitTimeout: options.waitTimeout ?? RUN_SYNC_TIMEOUT_SECONDS,
        raiseTimeout: true,
        raiseFailure: true,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    }
    return result;
  }

  /** Renames the connection; returns it with fresh details cached. */
  async rename(name: string): Promise<CloudConnection> {
    if (typeof name !== 'string' || name.trim() === '') {
      throw new PlatformInputError('name must be a non-empty string', { field: 'name', inputValue: name });
    }
    await this.#patch({ name });
    return this;
  }

  /** Sets the table prefix (`""` clears it); returns the connection. */
  async setTablePrefix(prefix: string): Promise<CloudConnection> {
    await this.#patch({ prefix });
    return this;
  }

  /**
   * Replaces the stream selection (each stream gets the platform's default sync mode, so
   * incremental settings of previously selected streams are lost). Destructive: a wrong list can
   * break the connection. Returns the connection.
   */
  async setSelectedStreams(streamNames: readonly string[]): Promise<CloudConnection> {
    if (streamNames.length === 0) {
      throw new PlatformInputError('Select at least one stream', { field: 'streamNames', inputValue: [] });
    }
    await this.#patch({ configurations: { streams: streamNames.map((name) => ({ name })) } });
    return this;
  }

  /**
   * Schedules syncs with a Quartz cron expression (6 or 7 fields, seconds first, `?` in one of
   * day-of-month and day-of-week; at most hourly), in UTC: `0 0 0 * * ?` daily at midnight,
   * `0 0 0/6 * * ?` every 6 hours, `0 0 0 ? * SUN` weekly on Sunday.
   */
  async setSchedule(cronExpression: string): Promise<void> {
    await this.#patch({ schedule: { scheduleType: 'cron', cronExpression } });
  }

  /** Turns off automatic syncs: syncs then run only when triggered. */
  async setManualSchedule(): Promise<void> {
    await this.#patch({ schedule: { scheduleType: 'manual' } });
  }

  /**
   * Enables (`active`) or disables (`inactive`) the connection, reading its status fresh first.
   * When it is already in the requested state nothing is sent: with `ignoreNoop` (default) the
   * call returns; with `ignoreNoop: false` it throws {@link PlatformValueError}.
   */
  async setEnabled(enabled: boolean, options: { ignoreNoop?: boolean } = {}): Promise<void> {
    const current = await this.isEnabled();
    if (current === enabled) {
      if (options.ignoreNoop ?? true) return;
      throw new PlatformValueError(
        `Connection ${this.connectionId} is already ${enabled ? 'enabled' : 'disabled'}; nothing to change.`,
        { field: 'enabled', inputValue: enabled, code: 'no_op' },
      );
    }
    await this.#patch({ status: enabled ? 'active' : 'inactive' });
  }

  /**
   * Deletes the connection permanently, in safe mode (always on from here): its name, and with a
   * cascade the source's and destination's names, must contain `delete-me` or `deleteme`.
   */
  async permanentlyDelete(options: CascadeDeleteOptions = {}): Promise<void> {
    await this.workspace.permanentlyDeleteConnection(this, { ...options, safeMode: true });
  }

  async #patch(body: Record<string, unknown>): Promise<ConnectionInfo> {
    const { api } = workspaceContext(this.workspace);
    const wire = await api.request({
      method: 'PATCH',
      path: PlatformApi.path('connections', this.connectionId),
      json: body,
      schema: ConnectionResponseSchema,
      // Every body sets absolute values, so repeating it changes nothing.
      idempotent: true,
      resource: { type: 'connection', id: this.connectionId },
    });
    return this.#remember(toConnectionInfo(wire));
  }

  #remember(info: ConnectionInfo): ConnectionInfo {
    const context = workspaceContext(this.workspace);
    if (info.workspaceId !== context.workspaceId) {
      throw new PlatformWorkspaceMismatchError(
        `Connection ${this.connectionId} belongs to workspace ${info.workspaceId}, not to ${context.workspaceId}.`,
        {
          resourceType: 'connection',
          resourceId: this.connectionId,
          expectedWorkspaceId: context.workspaceId,
          actualWorkspaceId: info.workspaceId,
          workspaceId: context.workspaceId,
          workspaceUrl: context.workspaceUrl,
        },
      );
    }
    this.#info = info;
    this.#sourceId = info.sourceId;
    this.#destinationId = info.destinationId;
    return info;
  }
}
