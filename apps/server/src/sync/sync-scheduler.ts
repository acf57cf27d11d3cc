import { randomUUID } from 'node:crypto';
import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { SyncSummary } from '@conduit/protocol';
import { trace } from '@opentelemetry/api';
import type { Clock } from '../clock';
import type { Logger } from '../logging/logger';
import type { ServerMetrics } from '../metrics/server-metrics';
import { SearchIndexWriter } from '../search/search-index-writer';
import type { ConnectorService } from '../services/connector-service';
import type { SqlDatabase } from '../store/sql-database';
import type { ConnectorRecord } from '../store/store';
import { inSpan } from '../tracing/server-spans';
import { LeaseLostError } from './lease-lost-error';
import type { SyncConfig } from './sync-config';
import { type ClaimedRun, SyncRepository, type SyncTrigger } from './sync-repository';
import { executeSyncRun, type SyncPageEvent } from './sync-run';
import type { SyncUpstream } from './sync-upstream';
import { SyncWatcher } from './sync-watcher';
import { syncableTypes, watchableTypes } from './syncable-types';

/** The synced entities of a connector kind, in the order its module's plan gives them. */
function entitiesOf(registry: ConnectorRegistry, connectorType: string | undefined): readonly string[] {
  return connectorType === undefined ? [] : (registry.forKind(connectorType)?.sync?.entities ?? []);
}

/** Runs abandoned after this many claims (each claim follows a process dying or a store failure mid-run). */
const MAX_ATTEMPTS = 5;

/** What the scheduler needs from the server. */
export interface SyncSchedulerDependencies {
  readonly db: SqlDatabase;
  readonly connectors: ConnectorService;
  /** The connector modules the server runs: their sync plans. */
  readonly registry: ConnectorRegistry;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly metrics: ServerMetrics;
  readonly config: SyncConfig;
  /** Builds the upstream reader of a connector for one run. */
  readonly upstreamFor: (connector: ConnectorRecord) => Promise<SyncUpstream>;
  /** Told after each committed page (tests). */
  readonly onPage?: (event: SyncPageEvent) => void | Promise<void>;
}

function iso(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString();
}

/**
 * Runs connectors' syncs in this process: queues runs (on creation, on demand, and every
 * `intervalMs` for each connector), takes runs from the shared queue under a lease (so with
 * several processes on one PostgreSQL database each run executes once), executes up to `maxRuns`
 * at a time, renews their leases, and on shutdown gives the leases back so a restart resumes at
 * once. Timers exist only between `start()` and `stop()`.
 *
 * @example
 * ```ts
 * const scheduler = new SyncScheduler({ db, connectors, logger, clock, metrics, config, upstreamFor });
 * scheduler.start();
 * const runId = await scheduler.trigger(connector, 'manual');
 * await scheduler.stop();
 * ```
 */
export class SyncScheduler {
  readonly #deps: SyncSchedulerDependencies;
  readonly #repository: SyncRepository;
  readonly #writer: SearchIndexWriter;
  /** This process's identity as a lease owner. */
  readonly owner = `sync-${randomUUID()}`;
  readonly #active = new Map<string, { run: ClaimedRun; controller: AbortController; done: Promise<void> }>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #ticking: Promise<void> | undefined;
  #again = false;
  #nextDueScan = 0;
  readonly #watcher: SyncWatcher;
  #watching: Promise<void> | undefined;
  #nextWatch = 0;
  readonly #watchController = new AbortController();

  constructor(deps: SyncSchedulerDependencies) {
    this.#deps = deps;
    this.#repository = new SyncRepository(deps.db);
    this.#writer = new SearchIndexWriter(deps.db.dialect, () => deps.clock.now());
    this.#watcher = new SyncWatcher({
      db: deps.db,
      writer: this.#writer,
      logger: deps.logger,
      clock: deps.clock,
      config: deps.config,
      owner: this.owner,
      watchableTypes: watchableTypes(deps.registry),
      findConnector: (connectorId) => this.#findConnector(connectorId),
      upstreamFor: (connector) => deps.upstreamFor(connector),
      trigger: (connector, full) => this.trigger(connector, 'watch', full),
    });
  }

  /** The sync tables' repository (for routes and summaries). */
  get repository(): SyncRepository {
    return this.#repository;
  }

  /** Starts polling for runs to execute and connectors due for a sync. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.kick();
  }

  /** Stops polling, aborts the runs in progress and waits for them, giving their leases back. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const { controller } of this.#active.values()) controller.abort(new Error('the server is stopping'));
    this.#watchController.abort(new Error('the server is stopping'));
    await Promise.allSettled([...this.#active.values()].map((entry) => entry.done));
    await this.#ticking?.catch(() => {});
    await this.#watching?.catch(() => {});
  }

  /**
   * Queues a run of the connector's sync (or finds the one queued or running) and returns its id;
   * this process looks for work at once.
   */
  async trigger(connector: ConnectorRecord, trigger: SyncTrigger, full = false): Promise<string> {
    const { runId } = await this.#repository.enqueue(connector.id, {
      trigger,
      full,
      now: this.#deps.clock.now(),
      fullIntervalMs: this.#deps.config.fullIntervalMs,
      skewMs: this.#deps.config.modifiedSinceSkewMs,
    });
    this.kick();
    return runId;
  }

  /** Aborts this process's run of a connector (it is being deleted). */
  forget(connectorId: string): void {
    for (const entry of this.#active.values()) {
      if (entry.run.connectorId === connectorId)
        entry.controller.abort(new Error('the connector was deleted'));
    }
  }

  /** The `sync` summaries of connectors (contract §4), by id. */
  async summaries(connectors: readonly ConnectorRecord[]): Promise<Map<string, SyncSummary>> {
    const ids = connectors
      .filter((connector) => syncableTypes(this.#deps.registry).includes(connector.connectorType))
      .map((c) => c.id);
    const summaries = new Map<string, SyncSummary>();
    if (ids.length === 0) return summaries;
    const [states, entities, counts] = await Promise.all([
      this.#repository.connectorStates(ids),
      this.#repository.entityStates(ids),
      this.#repository.recordCounts(ids),
    ]);
    for (const id of ids) {
      const state = states.get(id);
      const perEntity = entities.get(id);
      const perCount = counts.get(id);
      summaries.set(id, {
        state: state?.active ? 'running' : state?.lastOutcome === 'failed' ? 'failed' : 'idle',
        last_success_at: iso(state?.lastSuccessAt ?? null),
        entities: entitiesOf(
          this.#deps.registry,
          connectors.find((connector) => connector.id === id)?.connectorType,
        ).map((entity) => {
          const entityState = perEntity?.get(entity);
          return {
            entity,
            records: perCount?.get(entity) ?? 0,
            synced_at: iso(entityState?.syncedAt ?? null),
            ...(entityState?.error ? { error: entityState.error } : {}),
          };
        }),
      });
    }
    return summaries;
  }

  /** Looks for work now rather than at the next poll. */
  kick(): void {
    if (!this.#running) return;
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#ticking = this.#tick()
      .catch((error: unknown) => this.#deps.logger.warn('sync scheduling failed', { error: error as Error }))
      .finally(() => {
        this.#ticking = undefined;
        if (!this.#running) return;
        if (this.#again) {
          this.#again = false;
          this.kick();
          return;
        }
        this.#timer = setTimeout(() => this.kick(), this.#deps.config.pollMs);
        this.#timer.unref?.();
      });
  }

  async #tick(): Promise<void> {
    const { config, clock } = this.#deps;
    const now = clock.now();
    if (now >= this.#nextDueScan) {
      this.#nextDueScan = now + Math.min(config.intervalMs / 4, 60_000, Math.max(config.pollMs, 1_000) * 15);
      const due = await this.#repository.dueConnectors(
        syncableTypes(this.#deps.registry),
        now,
        config.intervalMs,
        100,
      );
      for (const connectorId of due) {
        await this.#repository.enqueue(connectorId, {
          trigger: 'interval',
          now,
          fullIntervalMs: config.fullIntervalMs,
          skewMs: config.modifiedSinceSkewMs,
        });
      }
      await this.#updateLag(now);
    }
    while (this.#running && this.#active.size < config.maxRuns) {
      const run = await this.#repository.claim(this.owner, clock.now(), config.leaseMs);
      if (!run) break;
      this.#launch(run);
    }
    // Watching runs beside the runs, not in the tick: a change stream paused on a 429 must not
    // hold up claiming runs.
    if (config.watchMs > 0 && this.#watching === undefined && clock.now() >= this.#nextWatch) {
      this.#nextWatch = clock.now() + Math.min(config.watchMs, config.pollMs);
      this.#watching = this.#watcher
        .watchDue(this.#watchController.signal)
        .catch((error: unknown) => this.#deps.logger.warn('sync watching failed', { error: error as Error }))
        .finally(() => {
          this.#watching = undefined;
        });
    }
  }

  async #updateLag(now: number): Promise<void> {
    for (const { connectorType, entity, syncedAt } of await this.#repository.oldestSyncs()) {
      this.#deps.metrics.syncLag.set(
        { connector_type: connectorType, entity },
        Math.max(0, (now - syncedAt) / 1000),
      );
    }
  }

  #launch(run: ClaimedRun): void {
    const controller = new AbortController();
    const attributes = { 'conduit.connector.id': run.connectorId, 'conduit.sync.mode': run.mode };
    const done = inSpan('conduit.sync.run', attributes, () => this.#execute(run, controller.signal)).finally(
      () => {
        this.#active.delete(run.id);
        this.kick();
      },
    );
    this.#active.set(run.id, { run, controller, done });
  }

  async #execute(run: ClaimedRun, signal: AbortSignal): Promise<void> {
    const { logger, clock, connectors } = this.#deps;
    const fields = { run_id: run.id, connector_id: run.connectorId, mode: run.mode, attempt: run.attempts };
    try {
      if (run.attempts > MAX_ATTEMPTS) {
        await this.#repository.abandon(
          run,
          this.owner,
          clock.now(),
          `abandoned after ${MAX_ATTEMPTS} attempts`,
        );
        logger.error('sync run abandoned', fields);
        return;
      }
      const record = await this.#findConnector(run.connectorId);
      if (!record) {
        await this.#repository.abandon(run, this.owner, clock.now(), 'the connector no longer exists');
        return;
      }
      const upstream = await this.#deps.upstreamFor(record);
      logger.info('sync run started', fields);
      const observe = this.#deps.metrics.syncDuration.startTimer({
        connector_type: record.connectorType,
        mode: run.mode,
      });
      let catchUp: 'none' | 'incremental' | 'full' = 'none';
      const report = await executeSyncRun(
        run,
        {
          db: this.#deps.db,
          repository: this.#repository,
          writer: this.#writer,
          upstream,
          logger,
          clock,
          config: this.#deps.config,
          owner: this.owner,
          onCredentialsRefused: () => connectors.markNeedsReauth(record),
          ...(this.#deps.onPage === undefined ? {} : { onPage: this.#deps.onPage }),
          // The watch is paused while the run goes on: what the stream learnt meanwhile (a
          // deletion, which no incremental listing shows) lands before the run is reported done.
          beforeFinish: async () => {
            catchUp = await this.#watcher.drain(run.connectorId, signal).catch((error: unknown) => {
              logger.warn('sync watch before the end of a run failed', { ...fields, error: error as Error });
              return 'none' as const;
            });
          },
        },
        signal,
      );
      observe();
      if (catchUp !== 'none' && !signal.aborted) await this.trigger(record, 'watch', catchUp === 'full');
      const outcome = report.succeeded ? 'succeeded' : 'failed';
      trace
        .getActiveSpan()
        ?.setAttributes({ 'conduit.sync.outcome': outcome, 'conduit.sync.records': report.records });
      this.#deps.metrics.syncRuns.inc({ connector_type: record.connectorType, mode: run.mode, outcome });
      this.#deps.metrics.syncRecords.inc({ connector_type: record.connectorType }, report.records);
      logger.info(`sync run ${outcome}`, { ...fields, ...report });
    } catch (error) {
      if (error instanceof LeaseLostError) {
        logger.warn('sync run lease lost', fields);
        return;
      }
      if (signal.aborted) {
        // Stopping: leave the run for whoever starts next, without waiting out the lease.
        await this.#repository.release(run.id, this.owner).catch(() => {});
        logger.info('sync run paused', fields);
        return;
      }
      // Store or unexpected failure: the lease runs out and any process resumes the run.
      logger.error('sync run interrupted', { ...fields, error: error as Error });
    }
  }

  async #findConnector(connectorId: string): Promise<ConnectorRecord | undefined> {
    const rows = await this.#deps.db.query<{ application_id: string }>(
      'SELECT application_id FROM connectors WHERE id = $1',
      [connectorId],
    );
    const applicationId = rows[0]?.application_id;
    if (applicationId === undefined) return undefined;
    return this.#deps.connectors
      .get({ kind: 'application', applicationId }, connectorId)
      .catch(() => undefined);
  }
}
