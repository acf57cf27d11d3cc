import type { Store } from '../store/store';

/** Options of {@link ApplicationStatusCache}. */
export interface ApplicationStatusCacheOptions {
  /**
   * How long an application found active is trusted without asking the store again. A revocation
   * made by this process applies at once; one made by another process sharing the database
   * within this time. 0 asks the store on every request.
   */
  readonly ttlMs: number;
}

interface Entry {
  readonly expiresAt: number;
}

/**
 * Whether the application behind a token may still act: asked on every authenticated request.
 * Tokens are signed, not stored, so a revoked application's tokens are refused by looking the
 * application up; on PostgreSQL that lookup would be a round trip (about 75 µs of CPU) on every
 * request, so an active answer is remembered for `ttlMs` (as connector rows are, see
 * `ConnectorRecordCache`). Revoked or missing applications are never remembered as active.
 *
 * @example
 * ```ts
 * const status = new ApplicationStatusCache(store, { ttlMs: 1000 });
 * if (!(await status.isActive(caller.applicationId))) throw revoked();
 * status.evict(applicationId); // after revoking it here
 * ```
 */
export class ApplicationStatusCache {
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #active = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<boolean>>();

  constructor(store: Store, options: ApplicationStatusCacheOptions) {
    this.#store = store;
    this.#ttlMs = Math.max(0, options.ttlMs);
  }

  /** True when the application exists and is not revoked. */
  isActive(applicationId: string): Promise<boolean> | boolean {
    const entry = this.#active.get(applicationId);
    if (entry !== undefined && entry.expiresAt > performance.now()) return true;
    const pending = this.#loading.get(applicationId);
    if (pending !== undefined) return pending;
    const loading = this.#store.isApplicationActive(applicationId).then(
      (active) => {
        if (this.#loading.get(applicationId) === loading) {
          this.#loading.delete(applicationId);
          if (active && this.#ttlMs > 0) {
            this.#active.set(applicationId, { expiresAt: performance.now() + this.#ttlMs });
          } else {
            this.#active.delete(applicationId);
          }
        }
        return active;
      },
      (error: unknown) => {
        if (this.#loading.get(applicationId) === loading) this.#loading.delete(applicationId);
        throw error;
      },
    );
    this.#loading.set(applicationId, loading);
    return loading;
  }

  /** Forgets an application (revoked by this process): its next request asks the store. */
  evict(applicationId: string): void {
    this.#active.delete(applicationId);
    // A lookup under way may have read the row before the change: its answer is not remembered.
    this.#loading.delete(applicationId);
  }
}
