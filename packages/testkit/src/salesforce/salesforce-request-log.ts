import type { IncomingHttpHeaders } from 'node:http';

/**
 * One request the Salesforce simulator received.
 *
 * @example
 * ```ts
 * const last = sim.requests.all().at(-1)!;
 * expect(last.headers.authorization).toMatch(/^Bearer /);
 * ```
 */
export interface SalesforceRecordedRequest {
  seq: number;
  /** Simulator time of arrival. */
  at: number;
  host: 'login' | 'instance';
  method: string;
  /** Path without the query string, e.g. `/services/data/v62.0/query`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Form body of token requests. */
  body?: string;
  /** Final status, once answered. */
  status?: number;
}

/**
 * Filter for {@link SalesforceRequestLog.count}; every given field must match. `path` matches
 * exactly, by `prefix*`, or by RegExp.
 *
 * @example
 * ```ts
 * sim.requests.count({ path: /\/query/, status: 200 });
 * ```
 */
export interface SalesforceRequestFilter {
  host?: 'login' | 'instance';
  method?: string;
  path?: string | RegExp;
  status?: number;
}

/**
 * Everything the simulator received, oldest first (the newest `capacity` entries).
 *
 * @example
 * ```ts
 * expect(sim.requests.count({ path: '/services/oauth2/token' })).toBe(1);
 * ```
 */
export class SalesforceRequestLog {
  private entries: SalesforceRecordedRequest[] = [];
  private seq = 0;

  constructor(private readonly capacity = 100_000) {}

  /** Records a request as it arrives. */
  begin(entry: Omit<SalesforceRecordedRequest, 'seq'>): SalesforceRecordedRequest {
    this.seq += 1;
    const recorded = { seq: this.seq, ...entry };
    this.entries.push(recorded);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    return recorded;
  }

  /** Requests matching the filter. */
  filter(filter: SalesforceRequestFilter = {}): SalesforceRecordedRequest[] {
    return this.entries.filter((entry) => {
      if (filter.host !== undefined && entry.host !== filter.host) return false;
      if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
      if (filter.status !== undefined && entry.status !== filter.status) return false;
      const path = filter.path;
      if (path instanceof RegExp) return path.test(entry.path);
      if (typeof path === 'string')
        return path.endsWith('*') ? entry.path.startsWith(path.slice(0, -1)) : entry.path === path;
      return true;
    });
  }

  /** How many requests match. */
  count(filter: SalesforceRequestFilter = {}): number {
    return this.filter(filter).length;
  }

  /** Every kept request. */
  all(): readonly SalesforceRecordedRequest[] {
    return this.entries;
  }

  /** Forgets everything recorded so far. */
  clear(): void {
    this.entries = [];
  }
}
