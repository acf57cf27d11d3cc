import type { ApiSurface } from './route-table';

/**
 * One request the simulator answered (or dropped), as seen on the wire.
 *
 * @example
 * ```ts
 * const last: CloudRecordedRequest | undefined = sim.requests.last;
 * last?.operationId; // 'getJob'
 * ```
 */
export interface CloudRecordedRequest {
  /** 1-based arrival order. */
  sequence: number;
  /** Simulated time of arrival. */
  at: number;
  method: string;
  /** The path as requested, without the query string. */
  path: string;
  /** Which API served it; `undefined` for paths outside both roots. */
  api: ApiSurface | undefined;
  /** The route template, e.g. `/jobs/{jobId}`, when a route matched. */
  route: string | undefined;
  /** The spec's operation id, e.g. `getJob`, when a route matched. */
  operationId: string | undefined;
  params: Record<string, string>;
  query: Record<string, string[]>;
  /** Headers with credentials redacted. */
  headers: Record<string, string>;
  /** The parsed body with secret-named fields redacted. */
  body: unknown;
  /** The status answered; 0 when the connection was dropped by a fault. */
  status: number;
  /** True when an injected fault produced the answer. */
  faulted: boolean;
}

/**
 * Selects requests from the log; every given field must match.
 *
 * @example
 * ```ts
 * sim.requests.count({ method: 'GET', path: /\/jobs\/\d+$/, status: 200 });
 * ```
 */
export interface CloudRequestFilter {
  method?: string;
  api?: ApiSurface;
  operationId?: string;
  /** Exact path, or a pattern tested against it. */
  path?: string | RegExp;
  status?: number;
  faulted?: boolean;
}

/**
 * The simulator's request log and counters, for assertions such as "the client polled
 * `GET /jobs/{id}` exactly 3 times" or "no request went to the token endpoint twice".
 *
 * @example
 * ```ts
 * sim.requests.count({ operationId: 'listConnections' });
 * sim.requests.jobPolls(jobId);
 * ```
 */
export class CloudRequestLog {
  readonly #entries: CloudRecordedRequest[] = [];
  #sequence = 0;

  /** Appends an entry; used by the server. */
  record(entry: Omit<CloudRecordedRequest, 'sequence'>): CloudRecordedRequest {
    this.#sequence += 1;
    const recorded = { ...entry, sequence: this.#sequence };
    this.#entries.push(recorded);
    return recorded;
  }

  /** Every request in arrival order. */
  get all(): readonly CloudRecordedRequest[] {
    return this.#entries;
  }

  /** The most recent request, if any. */
  get last(): CloudRecordedRequest | undefined {
    return this.#entries.at(-1);
  }

  /** The requests matching a filter. */
  filter(filter: CloudRequestFilter = {}): CloudRecordedRequest[] {
    return this.#entries.filter((entry) => matches(entry, filter));
  }

  /** How many requests match a filter. */
  count(filter: CloudRequestFilter = {}): number {
    return this.filter(filter).length;
  }

  /** How many times `GET /jobs/{jobId}` was called for one job: the polls of a waiting client. */
  jobPolls(jobId: number): number {
    return this.#entries.filter(
      (entry) => entry.operationId === 'getJob' && entry.params.jobId === String(jobId),
    ).length;
  }

  /** Request counts keyed by operation id (`unrouted` for paths no route matched). */
  countsByOperation(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.#entries) {
      const key = entry.operationId ?? 'unrouted';
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  /** Forgets every entry (sequence numbers keep increasing). */
  clear(): void {
    this.#entries.length = 0;
  }
}

function matches(entry: CloudRecordedRequest, filter: CloudRequestFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.api !== undefined && entry.api !== filter.api) return false;
  if (filter.operationId !== undefined && entry.operationId !== filter.operationId) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.faulted !== undefined && entry.faulted !== filter.faulted) return false;
  if (filter.path !== undefined) {
    if (typeof filter.path === 'string' ? entry.path !== filter.path : !filter.path.test(entry.path)) {
      return false;
    }
  }
  return true;
}
