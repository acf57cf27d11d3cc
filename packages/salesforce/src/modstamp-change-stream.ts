import { createHash } from 'node:crypto';
import type { LocalConnectorExecutor, RawPage, SyncChange, SyncChangeStream } from '@conduit/connector-kit';
import { NotFoundError } from '@conduit/protocol';
import type { SearchableEntity } from './definition/searchable-fields';
import { SOBJECT_LISTS } from './definition/sobject-lists';
import type { ApiUsage } from './salesforce-session';

/**
 * The objects watched between runs: the ones users edit all day. Users (deactivated, never
 * deleted) and opportunity stages (reference data) change rarely; incremental runs (every 15
 * minutes) bring them, and each watched object costs one API call per read.
 *
 * @example
 * ```ts
 * WATCHED_ENTITIES.length; // 5 calls per read
 * ```
 */
export const WATCHED_ENTITIES = ['accounts', 'contacts', 'leads', 'opportunities', 'tasks'] as const;
type WatchedEntity = (typeof WATCHED_ENTITIES)[number];

/**
 * Share of the org's daily API allocation the watch may spend while nothing changes: below the
 * 10% a background sync is allowed, leaving room for incremental (every 15 min) and full runs.
 *
 * @example
 * ```ts
 * WATCH_SHARE * 100_000; // 8,000 calls a day for idle watching
 * ```
 */
export const WATCH_SHARE = 0.08;
/** Salesforce counts API requests over a rolling 24 hours (crm-upstream §8). */
const DAY_MS = 86_400_000;
/**
 * `queryAll` shows a deletion while the record is in the recycle bin, 15 days (crm-upstream §4.3):
 * a cursor older than that (with a day to spare) may have missed purged deletions.
 */
const CURSOR_MAX_AGE_MS = 14 * DAY_MS;
/** Rows a starting mark reads of each object's newest. */
const START_ROWS = 200;
/** Pages (of up to 2,000 rows) read per object and read, so one mass update cannot hold the watch. */
const MAX_PAGES = 5;

/** Where one object's changes were read up to: its newest stamp seen and the rows at it. */
interface ObjectMark {
  /** Newest `SystemModstamp` seen, ISO 8601. */
  since: string;
  /** Digest of each row stamped exactly `since`: Salesforce stamps to the second, so the next
   * read asks `>= since` again and tells a later change in that second by its content. */
  edge: Record<string, string>;
}

interface Cursor {
  /** When the cursor was made or last moved (this process's clock). */
  at: number;
  marks: Record<WatchedEntity, ObjectMark>;
}

/**
 * Reads one page of an entity's synced listing modified since an instant, deleted rows included.
 *
 * @example
 * ```ts
 * const reader: ModifiedPageReader = (executor, entity, offset, since) =>
 *   readSyncPage(executor, plan, { kind: entity, parent: '' }, offset, { pageSize: 2000, modifiedSince: since });
 * ```
 */
export type ModifiedPageReader = (
  executor: LocalConnectorExecutor,
  entity: SearchableEntity,
  offset: string | null,
  modifiedSince: string | null,
  signal?: AbortSignal,
) => Promise<RawPage>;

function digest(record: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 16);
}

function stampOf(record: Record<string, unknown>): number {
  const value = record.SystemModstamp;
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

function parseCursor(text: string | null, now: number): Cursor | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Cursor>;
    if (typeof value.at !== 'number' || now - value.at > CURSOR_MAX_AGE_MS) return undefined;
    const marks = value.marks as Record<string, Partial<ObjectMark>> | undefined;
    for (const entity of WATCHED_ENTITIES) {
      const mark = marks?.[entity];
      if (typeof mark?.since !== 'string' || Number.isNaN(Date.parse(mark.since))) return undefined;
      if (typeof mark.edge !== 'object' || mark.edge === null) return undefined;
    }
    return value as Cursor;
  } catch {
    return undefined;
  }
}

/**
 * The least time between reads so that reading every watched object once per read spends at
 * most {@link WATCH_SHARE} of the allocation Salesforce last reported (`Sforce-Limit-Info`).
 *
 * @example
 * ```ts
 * watchIntervalMs({ used: 120, max: 100_000 }); // 54_000
 * ```
 */
export function watchIntervalMs(usage: ApiUsage | undefined): number {
  if (usage === undefined || usage.max <= 0) return 0;
  return Math.ceil((WATCHED_ENTITIES.length * DAY_MS) / (WATCH_SHARE * usage.max));
}

/**
 * Salesforce as a sync's change stream: the org is one scope; each read asks every watched object
 * once, through `queryAll` (deleted rows come back with `IsDeleted: true`), for the rows with
 * `SystemModstamp >=` the newest stamp seen, with the copy's fields, so edits, new records (a
 * contact or opportunity under an unchanged account) and deletions arrive whole and are stored
 * without reading them again. Stamps are to the second: rows of the newest second are kept as
 * digests and reported again only when their content changed. One read costs one API call per
 * watched object, so it asks the watcher to wait ({@link watchIntervalMs}) as the org's
 * allocation requires. A cursor that is unreadable or older than the recycle bin's retention is
 * `expired` (a full run covers the gap); the first read takes each object's newest stamp.
 * Salesforce's `getUpdated`/`getDeleted` are not used: they cover whole minutes only.
 *
 * @example
 * ```ts
 * const stream = modstampChangeStream((executor, entity, offset, since) =>
 *   readSyncPage(executor, plan, { kind: entity, parent: '' }, offset, { pageSize: 2000, modifiedSince: since }));
 * const page = await stream.read(executor, '', cursor);
 * ```
 */
export function modstampChangeStream(
  readModified: ModifiedPageReader,
  fields: (entity: SearchableEntity) => string,
): SyncChangeStream<SearchableEntity> {
  const usageOf = (executor: LocalConnectorExecutor) =>
    (executor as LocalConnectorExecutor & { apiUsage?: ApiUsage }).apiUsage;

  /**
   * An object's starting mark: its newest stamp (deleted rows too) and the rows at it (up to a
   * page of them; beyond that, the rest of that second is reported once more, harmlessly).
   */
  async function startMark(
    executor: LocalConnectorExecutor,
    entity: WatchedEntity,
    signal?: AbortSignal,
  ): Promise<ObjectMark> {
    const list = SOBJECT_LISTS[entity];
    const body = await executor.transport.json<{ records?: Record<string, unknown>[] }>({
      path: '/queryAll',
      query: {
        q: `SELECT ${fields(entity)} FROM ${list.sobject} ORDER BY SystemModstamp DESC, Id DESC LIMIT ${START_ROWS}`,
      },
      ...(signal === undefined ? {} : { signal }),
    });
    const rows = body.records ?? [];
    const newest = rows.length === 0 ? 0 : stampOf(rows[0]!);
    const edge: Record<string, string> = {};
    for (const row of rows) if (stampOf(row) === newest) edge[String(row.Id)] = digest(row);
    return { since: new Date(newest).toISOString(), edge };
  }

  async function readObject(
    executor: LocalConnectorExecutor,
    entity: WatchedEntity,
    mark: ObjectMark,
    signal?: AbortSignal,
  ): Promise<{ changes: SyncChange<SearchableEntity>[]; mark: ObjectMark; more: boolean }> {
    const changes: SyncChange<SearchableEntity>[] = [];
    const sinceMs = Date.parse(mark.since);
    let newestMs = sinceMs;
    let edge = { ...mark.edge };
    let offset: string | null = null;
    for (let pages = 0; pages < MAX_PAGES; pages += 1) {
      const page: RawPage = await readModified(executor, entity, offset, mark.since, signal);
      for (const record of page.records) {
        const stamp = stampOf(record);
        const id = String(record.Id);
        const seen = digest(record);
        if (stamp === sinceMs && mark.edge[id] === seen) continue;
        if (stamp > newestMs) {
          newestMs = stamp;
          edge = {};
        }
        if (stamp === newestMs) edge[id] = seen;
        changes.push(
          record.IsDeleted === true
            ? { entity, id, operation: 'delete' }
            : { entity, id, operation: 'upsert', record },
        );
      }
      offset = page.nextOffset;
      if (offset === null) break;
    }
    return { changes, mark: { since: new Date(newestMs).toISOString(), edge }, more: offset !== null };
  }

  return {
    async read(executor, _scope, cursorText, signal) {
      const now = Date.now();
      const cursor = parseCursor(cursorText, now);
      if (cursor === undefined) {
        const marks = await Promise.all(
          WATCHED_ENTITIES.map((entity) => startMark(executor, entity, signal)),
        );
        const fresh: Cursor = {
          at: now,
          marks: Object.fromEntries(
            WATCHED_ENTITIES.map((entity, index) => [entity, marks[index]]),
          ) as Cursor['marks'],
        };
        return {
          changes: [],
          cursor: JSON.stringify(fresh),
          more: false,
          expired: true,
          nextReadInMs: watchIntervalMs(usageOf(executor)),
        };
      }
      const read = await Promise.all(
        WATCHED_ENTITIES.map((entity) => readObject(executor, entity, cursor.marks[entity], signal)),
      );
      const next: Cursor = {
        at: now,
        marks: Object.fromEntries(
          WATCHED_ENTITIES.map((entity, index) => [entity, read[index]!.mark]),
        ) as Cursor['marks'],
      };
      return {
        changes: read.flatMap((object) => object.changes),
        cursor: JSON.stringify(next),
        more: read.some((object) => object.more),
        expired: false,
        nextReadInMs: watchIntervalMs(usageOf(executor)),
      };
    },
    async fetch(executor, entity, id, signal) {
      try {
        return await executor.transport.json<Record<string, unknown>>({
          path: `/sobjects/${SOBJECT_LISTS[entity].sobject}/${encodeURIComponent(id)}`,
          query: { fields: fields(entity) },
          ...(signal === undefined ? {} : { signal }),
        });
      } catch (error) {
        // Deleted since: a later read reports it deleted.
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  };
}
