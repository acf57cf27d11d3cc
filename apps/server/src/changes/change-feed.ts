import { type ChangePage, encodeChangeCursor } from '@conduit/protocol';
import { sleep } from '@conduit/transport';
import type { SqlDatabase } from '../store/sql-database';

/** Options of one read of the feed. */
export interface ChangeFeedRead {
  /** The position to read after (0: the feed's start). */
  readonly after: number;
  readonly limit: number;
  /** How long to wait for a change when there is none yet, in ms (0: answer at once). */
  readonly waitMs: number;
  readonly signal?: AbortSignal;
}

interface ChangeRow {
  seq: unknown;
  entity: string;
  record_id: string;
  operation: 'upsert' | 'delete';
  changed_at: unknown;
  data: unknown;
}

/**
 * How often a long-poll looks again. The feed is read from the store rather than from an event in
 * this process, so a change written by any process sharing the database wakes the reader; a
 * quarter second is well inside the feed's freshness budget and costs one indexed query.
 */
const POLL_INTERVAL_MS = 250;

/**
 * Reads a connector's change feed (contract §4, `GET …/changes`) from the search copy's change
 * table, which the index writer keeps in the same transactions as the records: every record's
 * latest change after a position, oldest first, with the record as it is now for upserts and a
 * tombstone for deletes.
 *
 * @example
 * ```ts
 * const feed = new ChangeFeed(store.db);
 * const page = await feed.read(connectorId, { after: 0, limit: 100, waitMs: 0 });
 * ```
 */
export class ChangeFeed {
  readonly #db: SqlDatabase;
  readonly #dataSql: string;

  constructor(db: SqlDatabase) {
    this.#db = db;
    // SQLite keeps records as JSONB blobs; `json()` turns them back into text.
    this.#dataSql = db.dialect === 'sqlite' ? 'json(r.data)' : 'r.data';
  }

  /** One page of changes, waiting up to `waitMs` for the first one when none is there yet. */
  async read(connectorId: string, options: ChangeFeedRead): Promise<ChangePage> {
    const deadline = performance.now() + options.waitMs;
    for (;;) {
      const rows = await this.#rows(connectorId, options.after, options.limit);
      const remaining = deadline - performance.now();
      if (rows.length > 0 || remaining <= 0 || options.signal?.aborted) {
        return this.#page(connectorId, options.after, rows);
      }
      await sleep(Math.min(POLL_INTERVAL_MS, remaining), options.signal).catch(() => {});
    }
  }

  #rows(connectorId: string, after: number, limit: number): Promise<ChangeRow[]> {
    return this.#db.query<ChangeRow>(
      `SELECT ch.seq, c.entity, ch.record_id, ch.operation, ch.changed_at, ${this.#dataSql} AS data
       FROM search_changes ch
       JOIN search_collections c ON c.id = ch.collection_id
       LEFT JOIN search_records r
         ON ch.operation = 'upsert' AND r.collection_id = ch.collection_id AND r.record_id = ch.record_id
       WHERE ch.connector_id = $1 AND ch.seq > $2
       ORDER BY ch.seq
       LIMIT $3`,
      [connectorId, after, limit],
    );
  }

  #page(connectorId: string, after: number, rows: readonly ChangeRow[]): ChangePage {
    const changes = rows.map((row) => {
      const record = row.data === null || row.data === undefined ? null : parseData(row.data);
      return {
        entity: row.entity,
        id: row.record_id,
        // An upsert whose record is gone is followed by its delete in a later transaction.
        operation: record === null ? ('delete' as const) : row.operation,
        record,
        changed_at: new Date(Number(row.changed_at)).toISOString(),
        next_cursor: encodeChangeCursor(connectorId, Number(row.seq)),
      };
    });
    return {
      changes,
      next_cursor: changes.at(-1)?.next_cursor ?? encodeChangeCursor(connectorId, after),
    };
  }
}

function parseData(value: unknown): Record<string, unknown> {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}
