import type { SyncChange } from '@conduit/connector-kit';
import type { Clock } from '../clock';
import type { Logger } from '../logging/logger';
import { collectionLayout } from '../search/collection-layout';
import type { SearchIndexWriter } from '../search/search-index-writer';
import type { SqlDatabase, SqlExecutor } from '../store/sql-database';
import type { ConnectorRecord } from '../store/store';
import { inSpan } from '../tracing/server-spans';
import { removeWithChildren } from './remove-with-children';
import type { SyncConfig } from './sync-config';
import type { SyncUpstream } from './sync-upstream';

/** What the watcher needs from the scheduler. */
export interface SyncWatcherDependencies {
  readonly db: SqlDatabase;
  readonly writer: SearchIndexWriter;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly config: SyncConfig;
  /** This process's identity as a lease owner. */
  readonly owner: string;
  /** The connector kinds whose sync plan declares a change stream. */
  readonly watchableTypes: readonly string[];
  findConnector(connectorId: string): Promise<ConnectorRecord | undefined>;
  upstreamFor(connector: ConnectorRecord): Promise<SyncUpstream>;
  /** Queues a run: full when a cursor expired (the gap is unknown), incremental to catch up. */
  trigger(connector: ConnectorRecord, full: boolean): Promise<unknown>;
}

/** Changed records read again at once, per connector. */
const FETCH_CONCURRENCY = 4;
/** Pages of changes read per scope and watch, so one busy scope cannot hold the lease forever. */
const MAX_PAGES_PER_WATCH = 20;

/**
 * Keeps synced copies fresh between runs by reading each connector's upstream change stream
 * (its sync plan's `changes`, e.g. an upstream's event stream per workspace) every `watchMs`, or
 * less often when the stream asks (`nextReadInMs`, for an upstream that counts requests per day):
 * changed records are read again (unless the stream gave them) and upserted, deleted ones removed,
 * in the same tables and change feed as runs. A connector is watched once its first run
 * succeeded, never while a run of it is queued or running (the run's sweep could otherwise undo
 * what the watch wrote), and by one process at a time. An expired cursor queues a full run; the
 * first cursor of a scope queues an incremental one, to
 * cover what changed between the last run and the cursor; a stream may ask for either run itself
 * (`resync`) while its changes still apply. A stream that paces itself (`readAgainInMs`, e.g.
 * rounds of per-resource subscriptions under `watchShare` of the quota) is read again when it asks,
 * sooner or later than `watchMs`. A run about to finish drains the stream first ({@link drain}).
 *
 * @example
 * ```ts
 * const watcher = new SyncWatcher({ db, writer, logger, clock, config, owner, watchableTypes, findConnector, upstreamFor, trigger });
 * await watcher.watchDue(signal);
 * ```
 */
export class SyncWatcher {
  readonly #deps: SyncWatcherDependencies;

  constructor(deps: SyncWatcherDependencies) {
    this.#deps = deps;
  }

  /** Watches every connector that is due, claimed under a lease. */
  async watchDue(signal: AbortSignal): Promise<void> {
    const { db, config, clock, owner, watchableTypes } = this.#deps;
    if (config.watchMs <= 0 || watchableTypes.length === 0) return;
    const now = clock.now();
    const types = watchableTypes.map((_, index) => `$${index + 1}`).join(', ');
    await db.execute(
      `INSERT INTO sync_watches (connector_id)
       SELECT s.connector_id FROM sync_connectors s JOIN connectors c ON c.id = s.connector_id
       WHERE s.last_success_at IS NOT NULL AND c.connector_type IN (${types})
       ON CONFLICT (connector_id) DO NOTHING`,
      [...watchableTypes],
    );
    const claimed = await db.query<{ connector_id: string; cursors: string }>(
      `UPDATE sync_watches SET lease_owner = $1, lease_expires_at = $2
       WHERE next_at <= $3 AND (lease_owner IS NULL OR lease_expires_at < $3)
         AND NOT EXISTS (
           SELECT 1 FROM sync_runs r
           WHERE r.connector_id = sync_watches.connector_id AND r.state IN ('queued', 'running'))
       RETURNING connector_id, cursors`,
      [owner, now + config.leaseMs, now],
    );
    await Promise.all(
      claimed.map((row) =>
        inSpan('conduit.sync.watch', { 'conduit.connector.id': row.connector_id }, async () => {
          const { connector, catchUp } = await this.#watch(
            row.connector_id,
            parseCursors(row.cursors),
            signal,
          );
          if (connector !== undefined && catchUp !== 'none' && !signal.aborted) {
            await this.#deps.trigger(connector, catchUp === 'full');
          }
        }),
      ),
    );
  }

  /**
   * Reads a connector's change stream now, while its run is about to finish, so the run's outcome
   * includes what the stream knows (a deletion above all: an incremental run lists only what
   * changed and never sees a record that is gone, and the watch is paused while a run is queued
   * or running). Skipped when another process holds the watch. Resolves with the run the stream
   * asks for (`none` when it asks for none); the caller queues it once its own run has ended.
   */
  async drain(connectorId: string, signal: AbortSignal): Promise<'none' | 'incremental' | 'full'> {
    const { db, config, clock, owner } = this.#deps;
    if (config.watchMs <= 0) return 'none';
    const now = clock.now();
    const claimed = await db.query<{ connector_id: string; cursors: string }>(
      `UPDATE sync_watches SET lease_owner = $1, lease_expires_at = $2
       WHERE connector_id = $3 AND (lease_owner IS NULL OR lease_expires_at < $4)
       RETURNING connector_id, cursors`,
      [owner, now + config.leaseMs, connectorId, now],
    );
    const row = claimed[0];
    if (row === undefined) return 'none';
    return (await this.#watch(row.connector_id, parseCursors(row.cursors), signal, true)).catchUp;
  }

  async #watch(
    connectorId: string,
    cursors: Record<string, string>,
    signal: AbortSignal,
    everything = false,
  ): Promise<{ connector: ConnectorRecord | undefined; catchUp: 'none' | 'incremental' | 'full' }> {
    const { db, logger, clock, config, owner } = this.#deps;
    let catchUp: 'none' | 'incremental' | 'full' = 'none';
    const escalate = (to: 'incremental' | 'full') => {
      if (catchUp !== 'full') catchUp = to;
    };
    let connector: ConnectorRecord | undefined;
    // An upstream that counts requests per day may ask for a slower pace than the setting.
    let floorMs = config.watchMs;
    // A stream that paces itself says when it wants to be read again (the soonest of its scopes).
    let readAgainMs: number | undefined;
    try {
      connector = await this.#deps.findConnector(connectorId);
      const upstream = connector === undefined ? undefined : await this.#deps.upstreamFor(connector);
      const changes = upstream?.changes;
      if (upstream !== undefined && changes !== undefined) {
        const scopes =
          changes.scopeEntity === undefined ? [''] : await this.#scopes(connectorId, changes.scopeEntity);
        for (const scope of scopes) {
          for (let pages = 0; pages < MAX_PAGES_PER_WATCH; pages += 1) {
            signal.throwIfAborted();
            const had = cursors[scope];
            const page = await changes.read(scope, had ?? null, signal, {
              now: clock.now(),
              share: config.watchShare,
              ...(everything ? { everything: true } : {}),
            });
            cursors[scope] = page.cursor;
            floorMs = Math.max(floorMs, page.nextReadInMs ?? 0);
            if (page.readAgainInMs !== undefined)
              readAgainMs = Math.min(readAgainMs ?? Number.POSITIVE_INFINITY, page.readAgainInMs);
            if (page.expired) {
              escalate(had === undefined ? 'incremental' : 'full');
              break;
            }
            if (page.resync !== undefined) escalate(page.resync);
            await this.#apply(connectorId, upstream, page.changes, signal);
            if (!page.more) break;
          }
        }
      }
    } catch (error) {
      if (!signal.aborted)
        logger.warn('sync watch failed', { connector_id: connectorId, error: error as Error });
    } finally {
      const slower = Math.max(floorMs, config.watchMs);
      const waitMs = readAgainMs === undefined ? slower : floorMs > config.watchMs ? slower : readAgainMs;
      await db
        .execute(
          `UPDATE sync_watches SET cursors = $1, next_at = $2, lease_owner = NULL, lease_expires_at = NULL
           WHERE connector_id = $3 AND lease_owner = $4`,
          [JSON.stringify(cursors), clock.now() + waitMs, connectorId, owner],
        )
        .catch((error: unknown) =>
          logger.warn('sync watch not saved', { connector_id: connectorId, error: error as Error }),
        );
    }
    return { connector, catchUp };
  }

  /** The ids of the synced records of the scope entity (e.g. the workspaces). */
  async #scopes(connectorId: string, entity: string): Promise<string[]> {
    const rows = await this.#deps.db.query<{ record_id: string }>(
      `SELECT r.record_id FROM search_records r JOIN search_collections c ON c.id = r.collection_id
       WHERE c.connector_id = $1 AND c.entity = $2 ORDER BY r.record_id`,
      [connectorId, entity],
    );
    return rows.map((row) => row.record_id);
  }

  async #apply(
    connectorId: string,
    upstream: SyncUpstream,
    changes: readonly SyncChange[],
    signal: AbortSignal,
  ): Promise<void> {
    if (changes.length === 0) return;
    // The last word on each record wins; entities the copy does not keep are left out.
    const latest = new Map<string, SyncChange>();
    for (const change of changes) {
      if (upstream.plan.entities.includes(change.entity))
        latest.set(`${change.entity}\u0000${change.id}`, change);
    }
    const fetched = new Map<string, Record<string, unknown> | null>();
    // A record the stream already read (with the copy's fields) is not read again.
    for (const [key, change] of latest) if (change.record !== undefined) fetched.set(key, change.record);
    const upserts = [...latest.values()].filter(
      (change) => change.operation === 'upsert' && change.record === undefined,
    );
    for (let start = 0; start < upserts.length; start += FETCH_CONCURRENCY) {
      const batch = upserts.slice(start, start + FETCH_CONCURRENCY);
      const records = await Promise.all(
        batch.map((change) => upstream.changes!.fetch(change.entity, change.id, signal)),
      );
      for (const [index, change] of batch.entries()) {
        fetched.set(`${change.entity}\u0000${change.id}`, records[index] ?? null);
      }
    }
    const byEntity = new Map<string, { upsert: Record<string, unknown>[]; remove: string[] }>();
    for (const [key, change] of latest) {
      const slot = byEntity.get(change.entity) ?? { upsert: [], remove: [] };
      byEntity.set(change.entity, slot);
      const record = change.operation === 'upsert' ? fetched.get(key) : null;
      if (record) slot.upsert.push(record);
      else slot.remove.push(change.id);
    }
    const { db, writer } = this.#deps;
    const collectionOf = (tx: SqlExecutor, entity: string) =>
      writer.collection(tx, connectorId, entity, collectionLayout(upstream.searchableFields[entity] ?? {}));
    await db.transaction(async (tx) => {
      // The connector's newest generation: a run queued meanwhile sweeps only what it did not see.
      const generation = await currentGeneration(tx, connectorId);
      for (const [entity, { upsert, remove }] of byEntity) {
        if (upsert.length > 0) await writer.upsert(tx, await collectionOf(tx, entity), upsert, generation);
        // A deleted task takes its attachments with it: the upstream may send no event for them.
        if (remove.length > 0)
          await removeWithChildren(tx, { writer, plan: upstream.plan, collectionOf }, entity, remove);
      }
    });
  }
}

async function currentGeneration(tx: SqlExecutor, connectorId: string): Promise<number> {
  const rows = await tx.query<{ generation: unknown }>(
    'SELECT generation FROM sync_connectors WHERE connector_id = $1',
    [connectorId],
  );
  return Number(rows[0]?.generation ?? 0);
}

function parseCursors(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}
