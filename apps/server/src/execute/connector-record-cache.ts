import type { Caller } from '../services/caller';
import type { ConnectorRecord } from '../store/store';

/** Options of {@link ConnectorRecordCache}. */
export interface ConnectorRecordCacheOptions {
  /** How long a read connector is reused. 0 turns the cache off. */
  readonly ttlMs: number;
  /** Records kept; the oldest go first. Default 10,000. */
  readonly maxEntries?: number;
}

interface Entry {
  readonly record: ConnectorRecord;
  readonly expiresAt: number;
}

/**
 * Connector rows the execute route read a moment ago, per connector and caller, so a burst of
 * calls on one connector reads the store once per `ttlMs` rather than once per call. Keys include
 * the caller's tenant and user, so a record is only ever served to a caller that was allowed to
 * read it, and concurrent calls that miss share one read. This process evicts a connector when it deletes it or changes its status; changes made
 * by another process sharing the database show within `ttlMs`.
 *
 * @example
 * ```ts
 * const record = await records.get(caller, id, () => services.connectors.get(caller, id));
 * ```
 */
export class ConnectorRecordCache {
  readonly #byConnector = new Map<string, Map<string, Entry>>();
  /** Reads under way, per connector and owner: concurrent misses share one. */
  readonly #loading = new Map<string, Promise<ConnectorRecord>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #size = 0;

  constructor(options: ConnectorRecordCacheOptions) {
    this.#ttlMs = Math.max(0, options.ttlMs);
    this.#maxEntries = Math.max(1, options.maxEntries ?? 10_000);
  }

  /** The caller's connector: remembered when read less than `ttlMs` ago, else `load`ed (and remembered). */
  async get(caller: Caller, id: string, load: () => Promise<ConnectorRecord>): Promise<ConnectorRecord> {
    if (this.#ttlMs === 0) return load();
    const owner =
      caller.kind === 'scoped'
        ? `${caller.applicationId}\u0000${caller.externalUserId}`
        : caller.applicationId;
    const now = performance.now();
    const entry = this.#byConnector.get(id)?.get(owner);
    if (entry !== undefined && entry.expiresAt > now) return entry.record;
    const key = `${id}\u0000${owner}`;
    const pending = this.#loading.get(key);
    if (pending !== undefined) return pending;
    const loading = load();
    this.#loading.set(key, loading);
    // False when the connector was evicted meanwhile: the row read may predate that change.
    const settle = (): boolean => {
      const current = this.#loading.get(key) === loading;
      if (current) this.#loading.delete(key);
      return current;
    };
    let record: ConnectorRecord;
    try {
      record = await loading;
    } catch (error) {
      settle();
      throw error;
    }
    if (!settle()) return record;
    let owners = this.#byConnector.get(id);
    if (owners === undefined) {
      if (this.#size >= this.#maxEntries) this.#evictOldest();
      owners = new Map();
      this.#byConnector.set(id, owners);
    }
    if (!owners.has(owner)) this.#size += 1;
    owners.set(owner, { record, expiresAt: performance.now() + this.#ttlMs });
    return record;
  }

  /** Forgets a connector for every caller (deleted, or its status or credentials changed). */
  evict(id: string): void {
    for (const key of this.#loading.keys()) if (key.startsWith(`${id}\u0000`)) this.#loading.delete(key);
    const owners = this.#byConnector.get(id);
    if (owners === undefined) return;
    this.#size -= owners.size;
    this.#byConnector.delete(id);
  }

  #evictOldest(): void {
    // Map order is insertion order: the first connector is the one cached longest ago.
    const oldest = this.#byConnector.keys().next().value;
    if (oldest !== undefined) this.evict(oldest);
  }
}
