import { createHash } from 'node:crypto';
import type { ConnectorExecutor } from '@conduit/protocol';
import type { ConnectorRecord, SealedValue } from '../store/store';

/**
 * Which stored credentials a record carries: every seal has a fresh nonce, so any change to a
 * connector's credentials (a refresh here or in another process, a key rotation) changes it.
 *
 * @example
 * ```ts
 * credentialsVersion(record.credentials); // 'k1:3q2+7w…'
 * ```
 */
export function credentialsVersion(sealed: SealedValue): string {
  let version = versions.get(sealed);
  if (version === undefined) {
    version = `${sealed.keyId}:${sealed.nonce.toString('base64')}`;
    versions.set(sealed, version);
  }
  return version;
}

// A connector row read once serves many calls (see ConnectorRecordCache): its version is worked out
// once. Sealed values are never changed in place, so a remembered version stays right.
const versions = new WeakMap<SealedValue, string>();

/**
 * A digest of decrypted credentials, to recognise the same credentials under a new seal (a key
 * rotation, or the refresh this process made itself). Kept in memory only.
 *
 * @example
 * ```ts
 * credentialsFingerprint({ token: 'pat' }) === credentialsFingerprint({ token: 'pat' }); // true
 * ```
 */
export function credentialsFingerprint(credentials: object): string {
  const entries = Object.entries(credentials).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
}

/** What a cached executor is told about its own life. */
export interface ExecutorLifecycle {
  /** Aborts when the executor leaves the cache (connector deleted, credentials replaced, evicted). */
  readonly signal: AbortSignal;
  /**
   * Tells the cache the executor is about to store these (validated) credentials, so the new seal
   * is recognised as its own rather than as a change that calls for a new executor.
   */
  credentialsSaved(credentials: object): void;
}

/** A connector opened for building an executor: at least its decrypted credentials. */
export interface OpenedCredentials {
  readonly record: ConnectorRecord;
  readonly credentials: object;
}

interface CacheEntry {
  version: string;
  fingerprint: string;
  readonly executor: ConnectorExecutor;
  readonly lifetime: AbortController;
}

/** Options of {@link ExecutorCache}. */
export interface ExecutorCacheOptions {
  /** Executors kept; the least recently used goes first. Default 1,000. */
  readonly maxEntries?: number;
}

/**
 * One executor per connector, kept across requests so its rate limiter and OAuth state (one
 * refresh at a time, the current access token) are shared by every request of the connector.
 * Keyed by connector id and credentials version; a request whose record carries another version
 * decrypts the credentials and gets a new executor only if they really differ. Builds are
 * single-flight: concurrent first requests share one executor.
 *
 * @example
 * ```ts
 * const executor = await cache.get(record, () => connectors.loadForCaller(caller, record.id), (loaded, lifecycle) =>
 *   factory(loaded, contextFor(loaded, lifecycle)),
 * );
 * ```
 */
export class ExecutorCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #building = new Map<string, Promise<ConnectorExecutor>>();
  readonly #maxEntries: number;

  constructor(options: ExecutorCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 1000);
  }

  /** How many executors are cached. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The executor of `record`'s connector: the cached one when the credentials are unchanged,
   * otherwise `open` decrypts them and `build` makes a new one (unless they turn out identical).
   */
  get<Opened extends OpenedCredentials>(
    record: ConnectorRecord,
    open: () => Promise<Opened>,
    build: (opened: Opened, lifecycle: ExecutorLifecycle) => ConnectorExecutor,
  ): Promise<ConnectorExecutor> {
    const version = credentialsVersion(record.credentials);
    const entry = this.#entries.get(record.id);
    if (entry?.version === version) {
      // Re-inserting keeps the map in least-recently-used order for eviction.
      this.#entries.delete(record.id);
      this.#entries.set(record.id, entry);
      return Promise.resolve(entry.executor);
    }
    const key = `${record.id}\u0000${version}`;
    let pending = this.#building.get(key);
    if (!pending) {
      pending = this.#open(open, build).finally(() => this.#building.delete(key));
      this.#building.set(key, pending);
    }
    return pending;
  }

  /** Drops a connector's executor (deleted connector). */
  evict(connectorId: string): void {
    const entry = this.#entries.get(connectorId);
    if (!entry) return;
    this.#entries.delete(connectorId);
    entry.lifetime.abort();
  }

  /** Drops every executor (shutdown). */
  clear(): void {
    for (const id of [...this.#entries.keys()]) this.evict(id);
  }

  async #open<Opened extends OpenedCredentials>(
    open: () => Promise<Opened>,
    build: (opened: Opened, lifecycle: ExecutorLifecycle) => ConnectorExecutor,
  ): Promise<ConnectorExecutor> {
    const opened = await open();
    const id = opened.record.id;
    const version = credentialsVersion(opened.record.credentials);
    const fingerprint = credentialsFingerprint(opened.credentials);
    const current = this.#entries.get(id);
    if (current?.fingerprint === fingerprint) {
      current.version = version;
      return current.executor;
    }
    const lifetime = new AbortController();
    const entry: CacheEntry = {
      version,
      fingerprint,
      lifetime,
      executor: build(opened, {
        signal: lifetime.signal,
        credentialsSaved: (credentials) => {
          entry.fingerprint = credentialsFingerprint(credentials);
        },
      }),
    };
    this.evict(id);
    this.#entries.set(id, entry);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.evict(oldest);
    }
    return entry.executor;
  }
}
