import { randomUUID } from 'node:crypto';
import type { SyncJobKey } from '@conduit/connector-kit';
import type { SqlDatabase, SqlExecutor } from '../store/sql-database';
import { LeaseLostError } from './lease-lost-error';

/** `full` lists everything and sweeps what disappeared; `incremental` lists tasks modified since the last run. */
export type SyncMode = 'full' | 'incremental';

/** Why a run was queued. */
export type SyncTrigger = 'created' | 'manual' | 'interval' | 'watch';

/** A run leased to this process. */
export interface ClaimedRun {
  readonly id: string;
  readonly connectorId: string;
  readonly mode: SyncMode;
  readonly generation: number;
  readonly modifiedSince: string | null;
  readonly startedAt: number;
  readonly attempts: number;
}

/** A pending listing of a run, with where it stopped. */
export interface PendingJob extends SyncJobKey {
  readonly id: number;
  readonly nextOffset: string | null;
}

/** A listing that failed, for the run's outcome. */
export interface FailedJob {
  readonly kind: string;
  readonly parent: string;
  readonly error: string;
}

/** The stored sync state of a connector, for its summary. */
export interface ConnectorSyncRow {
  readonly connectorId: string;
  readonly active: boolean;
  readonly lastOutcome: 'succeeded' | 'failed' | null;
  readonly lastSuccessAt: number | null;
}

/** How a run ended, and what it means for each entity. */
export interface RunOutcome {
  readonly succeeded: boolean;
  readonly error: string | null;
  /** Entities listed completely: synced at `finishedAt`, error cleared. */
  readonly completed: readonly string[];
  /** Entities with an error: their last sync time stays. */
  readonly failed: ReadonlyMap<string, string>;
}

/** Past runs kept per connector, for inspection. */
const RUNS_KEPT = 10;

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * The sync tables: queueing runs (at most one queued or running per connector, enforced by a
 * unique index), leasing them to one process at a time (with `FOR UPDATE SKIP LOCKED` on
 * PostgreSQL, behind SQLite's single writer on the embedded store), the listing jobs of a run with
 * their resume offsets, and the outcome per connector and entity.
 *
 * @example
 * ```ts
 * const { runId } = await repository.enqueue(connectorId, { trigger: 'manual', now: Date.now(), fullIntervalMs, skewMs });
 * const run = await repository.claim('process-1', Date.now(), 60_000);
 * ```
 */
export class SyncRepository {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /**
   * Queues a run unless one is queued or running, and returns the active run's id. The mode is
   * full when asked for, or when no full run succeeded within `fullIntervalMs`; otherwise
   * incremental from the start of the last successful run, minus `skewMs`.
   */
  async enqueue(
    connectorId: string,
    options: { trigger: SyncTrigger; full?: boolean; now: number; fullIntervalMs: number; skewMs: number },
  ): Promise<{ runId: string; created: boolean }> {
    return this.#db.transaction(async (tx) => {
      await tx.execute(
        'INSERT INTO sync_connectors (connector_id) VALUES ($1) ON CONFLICT (connector_id) DO NOTHING',
        [connectorId],
      );
      const active = await this.#activeRun(tx, connectorId);
      if (active !== undefined) return { runId: active, created: false };
      const [state] = await tx.query<{
        generation: unknown;
        last_full_success_at: unknown;
        last_success_started_at: unknown;
      }>(
        `UPDATE sync_connectors SET generation = generation + 1 WHERE connector_id = $1
         RETURNING generation, last_full_success_at, last_success_started_at`,
        [connectorId],
      );
      const lastFull = toNumber(state!.last_full_success_at);
      const lastStarted = toNumber(state!.last_success_started_at);
      const full =
        options.full === true ||
        lastFull === null ||
        lastStarted === null ||
        options.now - lastFull >= options.fullIntervalMs;
      const runId = randomUUID();
      const inserted = await tx.execute(
        `INSERT INTO sync_runs (id, connector_id, mode, trigger, generation, modified_since, state, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7)
         ON CONFLICT (connector_id) WHERE state IN ('queued', 'running') DO NOTHING`,
        [
          runId,
          connectorId,
          full ? 'full' : 'incremental',
          options.trigger,
          Number(state!.generation),
          full ? null : new Date(lastStarted! - options.skewMs).toISOString(),
          options.now,
        ],
      );
      if (inserted === 1) return { runId, created: true };
      // Another process queued one between our read and our insert.
      return { runId: (await this.#activeRun(tx, connectorId))!, created: false };
    });
  }

  async #activeRun(tx: SqlExecutor, connectorId: string): Promise<string | undefined> {
    const rows = await tx.query<{ id: string }>(
      "SELECT id FROM sync_runs WHERE connector_id = $1 AND state IN ('queued', 'running')",
      [connectorId],
    );
    return rows[0]?.id;
  }

  /**
   * Leases the oldest run that is queued, or running under an expired lease (its process died),
   * to `owner` until `now + leaseMs`. Concurrent claimers never get the same run.
   */
  async claim(owner: string, now: number, leaseMs: number): Promise<ClaimedRun | undefined> {
    const lock = this.#db.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    return this.#db.transaction(async (tx) => {
      const candidates = await tx.query<{ id: string }>(
        `SELECT id FROM sync_runs
         WHERE state = 'queued' OR (state = 'running' AND lease_expires_at < $1)
         ORDER BY requested_at LIMIT 1 ${lock}`,
        [now],
      );
      const candidate = candidates[0];
      if (!candidate) return undefined;
      const [row] = await tx.query<Record<string, unknown>>(
        `UPDATE sync_runs SET state = 'running', lease_owner = $2, lease_expires_at = $3,
           started_at = coalesce(started_at, $4), attempts = attempts + 1
         WHERE id = $1
         RETURNING id, connector_id, mode, generation, modified_since, started_at, attempts`,
        [candidate.id, owner, now + leaseMs, now],
      );
      return {
        id: row!.id as string,
        connectorId: row!.connector_id as string,
        mode: row!.mode as SyncMode,
        generation: Number(row!.generation),
        modifiedSince: (row!.modified_since as string | null) ?? null,
        startedAt: Number(row!.started_at),
        attempts: Number(row!.attempts),
      };
    });
  }

  /** Extends the lease; false when it was lost (expired and taken, or the run is gone). */
  async renew(runId: string, owner: string, now: number, leaseMs: number): Promise<boolean> {
    return (await this.#renew(this.#db, runId, owner, now, leaseMs)) === 1;
  }

  /**
   * Inside a write transaction of the run: extends the lease, and throws `LeaseLostError` (rolling
   * the transaction back) when this process no longer holds it, so a stalled process can never
   * write over the run's new owner.
   */
  async assertLease(
    tx: SqlExecutor,
    runId: string,
    owner: string,
    now: number,
    leaseMs: number,
  ): Promise<void> {
    if ((await this.#renew(tx, runId, owner, now, leaseMs)) !== 1) throw new LeaseLostError(runId);
  }

  #renew(executor: SqlExecutor, runId: string, owner: string, now: number, leaseMs: number): Promise<number> {
    return executor.execute(
      `UPDATE sync_runs SET lease_expires_at = $3 WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
      [runId, owner, now + leaseMs],
    );
  }

  /**
   * Adds listings to a run (those it already has are left as they are). The listings are bound as
   * one JSON parameter, so the statement's text is the same for any number of them (one prepared
   * statement on SQLite, not one per count).
   */
  async addJobs(tx: SqlExecutor, runId: string, jobs: readonly SyncJobKey[]): Promise<void> {
    const source =
      this.#db.dialect === 'sqlite'
        ? "SELECT $1, value ->> '$[0]', value ->> '$[1]', 'pending' FROM json_each($2) WHERE true"
        : "SELECT $1, v ->> 0, v ->> 1, 'pending' FROM jsonb_array_elements($2::jsonb) AS v";
    for (let start = 0; start < jobs.length; start += 2000) {
      const batch = jobs.slice(start, start + 2000).map((job) => [job.kind, job.parent]);
      await tx.execute(
        `INSERT INTO sync_jobs (run_id, kind, parent_gid, state) ${source}
         ON CONFLICT (run_id, kind, parent_gid) DO NOTHING`,
        [runId, JSON.stringify(batch)],
      );
    }
  }

  /** Pending listings of a run, oldest first, except those already taken (`exclude`). */
  async pendingJobs(runId: string, exclude: readonly number[], limit: number): Promise<PendingJob[]> {
    const values: (string | number)[] = [runId];
    const excluded = exclude.map((id) => {
      values.push(id);
      return `$${values.length}`;
    });
    const rows = await this.#db.query<{
      id: unknown;
      kind: string;
      parent_gid: string;
      next_offset: string | null;
    }>(
      `SELECT id, kind, parent_gid, next_offset FROM sync_jobs
       WHERE run_id = $1 AND state = 'pending'${excluded.length > 0 ? ` AND id NOT IN (${excluded.join(', ')})` : ''}
       ORDER BY id LIMIT ${Math.max(1, Math.floor(limit))}`,
      values,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      parent: row.parent_gid,
      nextOffset: row.next_offset,
    }));
  }

  /** Records a page of a listing: where to continue, or done when `nextOffset` is null. */
  async completePage(
    tx: SqlExecutor,
    jobId: number,
    nextOffset: string | null,
    records: number,
  ): Promise<void> {
    await tx.execute(
      `UPDATE sync_jobs SET next_offset = $2, pages = pages + 1, records = records + $3,
         state = CASE WHEN $4 THEN 'done' ELSE 'pending' END
       WHERE id = $1`,
      [jobId, nextOffset, records, nextOffset === null],
    );
  }

  /** Marks a listing failed; the run goes on with the others. */
  async failJob(runId: string, owner: string, jobId: number, error: string): Promise<void> {
    await this.#db.execute(
      `UPDATE sync_jobs SET state = 'failed', error = $4 WHERE id = $3
       AND EXISTS (SELECT 1 FROM sync_runs WHERE id = $1 AND lease_owner = $2 AND state = 'running')`,
      [runId, owner, jobId, error.slice(0, 1000)],
    );
  }

  /** The failed listings of a run. */
  async failedJobs(runId: string): Promise<FailedJob[]> {
    const rows = await this.#db.query<{ kind: string; parent_gid: string; error: string | null }>(
      "SELECT kind, parent_gid, error FROM sync_jobs WHERE run_id = $1 AND state = 'failed' ORDER BY id",
      [runId],
    );
    return rows.map((row) => ({ kind: row.kind, parent: row.parent_gid, error: row.error ?? 'failed' }));
  }

  /**
   * Ends a run (if this process still holds it): its state and error, the connector's last
   * outcome and success times, each entity's sync time or error. The run's jobs are deleted and
   * only the last few runs are kept.
   */
  async finish(run: ClaimedRun, owner: string, finishedAt: number, outcome: RunOutcome): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const updated = await tx.execute(
        `UPDATE sync_runs SET state = $3, finished_at = $4, error = $5, lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
        [run.id, owner, outcome.succeeded ? 'succeeded' : 'failed', finishedAt, outcome.error],
      );
      if (updated !== 1) throw new LeaseLostError(run.id);
      await tx.execute(
        `UPDATE sync_connectors SET last_finished_at = $2, last_outcome = $3, last_error = $4,
           last_success_at = CASE WHEN $5 THEN $2 ELSE last_success_at END,
           last_success_started_at = CASE WHEN $5 THEN $6 ELSE last_success_started_at END,
           last_full_success_at = CASE WHEN $5 AND $7 THEN $2 ELSE last_full_success_at END
         WHERE connector_id = $1`,
        [
          run.connectorId,
          finishedAt,
          outcome.succeeded ? 'succeeded' : 'failed',
          outcome.error,
          outcome.succeeded,
          run.startedAt,
          run.mode === 'full',
        ],
      );
      for (const entity of outcome.completed) {
        await tx.execute(
          `INSERT INTO sync_entities (connector_id, entity, synced_at, error) VALUES ($1, $2, $3, NULL)
           ON CONFLICT (connector_id, entity) DO UPDATE SET synced_at = excluded.synced_at, error = NULL`,
          [run.connectorId, entity, finishedAt],
        );
      }
      for (const [entity, error] of outcome.failed) {
        await tx.execute(
          `INSERT INTO sync_entities (connector_id, entity, synced_at, error) VALUES ($1, $2, NULL, $3)
           ON CONFLICT (connector_id, entity) DO UPDATE SET error = excluded.error`,
          [run.connectorId, entity, error.slice(0, 1000)],
        );
      }
      await tx.execute('DELETE FROM sync_jobs WHERE run_id = $1', [run.id]);
      await tx.execute(
        `DELETE FROM sync_runs WHERE connector_id = $1 AND state IN ('succeeded', 'failed') AND id NOT IN (
           SELECT id FROM sync_runs WHERE connector_id = $1 AND state IN ('succeeded', 'failed')
           ORDER BY requested_at DESC LIMIT ${RUNS_KEPT})`,
        [run.connectorId],
      );
    });
  }

  /** Gives a run's lease up (shutdown), so another process, or this one restarted, resumes it at once. */
  async release(runId: string, owner: string): Promise<void> {
    await this.#db.execute(
      "UPDATE sync_runs SET lease_expires_at = 0 WHERE id = $1 AND lease_owner = $2 AND state = 'running'",
      [runId, owner],
    );
  }

  /** Fails a run that cannot go on (credentials refused, connector gone): no entity is marked synced. */
  async abandon(run: ClaimedRun, owner: string, finishedAt: number, error: string): Promise<void> {
    await this.finish(run, owner, finishedAt, {
      succeeded: false,
      error,
      completed: [],
      failed: new Map(),
    });
  }

  /** Connectors of the given kinds, active, with no run queued or running, whose last run ended `intervalMs` ago or never ran. */
  async dueConnectors(
    types: readonly string[],
    now: number,
    intervalMs: number,
    limit: number,
  ): Promise<string[]> {
    const values: (string | number)[] = [now - intervalMs];
    const kinds = types.map((type) => {
      values.push(type);
      return `$${values.length}`;
    });
    const rows = await this.#db.query<{ id: string }>(
      `SELECT c.id FROM connectors c LEFT JOIN sync_connectors s ON s.connector_id = c.id
       WHERE c.connector_type IN (${kinds.join(', ')}) AND c.status = 'active'
         AND (s.last_finished_at IS NULL OR s.last_finished_at <= $1)
         AND NOT EXISTS (SELECT 1 FROM sync_runs r WHERE r.connector_id = c.id AND r.state IN ('queued', 'running'))
       ORDER BY s.last_finished_at IS NOT NULL, s.last_finished_at LIMIT ${Math.floor(limit)}`,
      values,
    );
    return rows.map((row) => row.id);
  }

  /** Sync state of connectors, by id (absent when a connector never had a run queued). */
  async connectorStates(connectorIds: readonly string[]): Promise<Map<string, ConnectorSyncRow>> {
    const states = new Map<string, ConnectorSyncRow>();
    if (connectorIds.length === 0) return states;
    const placeholders = connectorIds.map((_, index) => `$${index + 1}`).join(', ');
    const rows = await this.#db.query<{
      connector_id: string;
      last_outcome: 'succeeded' | 'failed' | null;
      last_success_at: unknown;
      active: unknown;
    }>(
      `SELECT s.connector_id, s.last_outcome, s.last_success_at,
         EXISTS (SELECT 1 FROM sync_runs r WHERE r.connector_id = s.connector_id AND r.state IN ('queued', 'running')) AS active
       FROM sync_connectors s WHERE s.connector_id IN (${placeholders})`,
      connectorIds,
    );
    for (const row of rows) {
      states.set(row.connector_id, {
        connectorId: row.connector_id,
        active: row.active === true || Number(row.active) === 1,
        lastOutcome: row.last_outcome,
        lastSuccessAt: toNumber(row.last_success_at),
      });
    }
    return states;
  }

  /** Per connector and entity: the last sync time and error. */
  async entityStates(
    connectorIds: readonly string[],
  ): Promise<Map<string, Map<string, { syncedAt: number | null; error: string | null }>>> {
    const states = new Map<string, Map<string, { syncedAt: number | null; error: string | null }>>();
    if (connectorIds.length === 0) return states;
    const placeholders = connectorIds.map((_, index) => `$${index + 1}`).join(', ');
    const rows = await this.#db.query<{
      connector_id: string;
      entity: string;
      synced_at: unknown;
      error: string | null;
    }>(
      `SELECT connector_id, entity, synced_at, error FROM sync_entities WHERE connector_id IN (${placeholders})`,
      connectorIds,
    );
    for (const row of rows) {
      let perEntity = states.get(row.connector_id);
      if (!perEntity) {
        perEntity = new Map();
        states.set(row.connector_id, perEntity);
      }
      perEntity.set(row.entity, { syncedAt: toNumber(row.synced_at), error: row.error });
    }
    return states;
  }

  /** Records per connector and entity in the search copy. */
  async recordCounts(connectorIds: readonly string[]): Promise<Map<string, Map<string, number>>> {
    const counts = new Map<string, Map<string, number>>();
    if (connectorIds.length === 0) return counts;
    const placeholders = connectorIds.map((_, index) => `$${index + 1}`).join(', ');
    const rows = await this.#db.query<{ connector_id: string; entity: string; record_count: unknown }>(
      `SELECT connector_id, entity, record_count FROM search_collections WHERE connector_id IN (${placeholders})`,
      connectorIds,
    );
    for (const row of rows) {
      let perEntity = counts.get(row.connector_id);
      if (!perEntity) {
        perEntity = new Map();
        counts.set(row.connector_id, perEntity);
      }
      perEntity.set(row.entity, Number(row.record_count));
    }
    return counts;
  }

  /** Per connector kind and entity, the oldest successful sync time (for the lag gauge). */
  async oldestSyncs(): Promise<{ connectorType: string; entity: string; syncedAt: number }[]> {
    const rows = await this.#db.query<{ connector_type: string; entity: string; oldest: unknown }>(
      `SELECT c.connector_type, e.entity, min(e.synced_at) AS oldest
       FROM sync_entities e JOIN connectors c ON c.id = e.connector_id
       WHERE e.synced_at IS NOT NULL GROUP BY c.connector_type, e.entity`,
    );
    return rows.map((row) => ({
      connectorType: row.connector_type,
      entity: row.entity,
      syncedAt: Number(row.oldest),
    }));
  }
}
