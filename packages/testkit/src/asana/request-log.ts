import type { IncomingHttpHeaders } from 'node:http';
import type { AsanaRequestTarget } from './fault-injector';

/**
 * One request the simulator received. Headers are raw (this is a test tool: assertions like
 * "no Authorization header reached the download host" need them).
 *
 * @example
 * ```ts
 * const last = sim.requests.last({ target: 'download' })!;
 * expect(last.headers.authorization).toBeUndefined();
 * ```
 */
export interface AsanaRecordedRequest {
  /** 1-based arrival order. */
  seq: number;
  /** Simulator time of arrival, epoch ms. */
  at: number;
  target: AsanaRequestTarget;
  method: string;
  /** Path relative to the target's root (`/tasks/1` for the API). */
  path: string;
  /** The matched route template, e.g. `/tasks/{task_gid}`, when one matched. */
  route?: string;
  query: Record<string, string[]>;
  headers: IncomingHttpHeaders;
  /** Form body of OAuth requests (raw). */
  body?: string;
  /** Final status; undefined while in flight, or when the connection was reset or stalled. */
  status?: number;
  /** The injected fault's kind, when one was applied. */
  fault?: string;
  /** Wall-clock duration in ms, once finished. */
  durationMs?: number;
  /** An unexpected simulator failure while serving (answered as a 500). */
  error?: string;
}

/**
 * Criteria for {@link AsanaRequestLog.count} and friends; every given field must match.
 *
 * @example
 * ```ts
 * sim.requests.count({ target: 'oauth', path: '/-/oauth_token', status: 200 });
 * ```
 */
export interface AsanaRequestFilter {
  target?: AsanaRequestTarget;
  method?: string;
  /** Exact path, `prefix*`, or a RegExp. */
  path?: string | RegExp;
  route?: string;
  status?: number;
}

function matches(request: AsanaRecordedRequest, filter: AsanaRequestFilter): boolean {
  if (filter.target !== undefined && request.target !== filter.target) return false;
  if (filter.method !== undefined && request.method !== filter.method.toUpperCase()) return false;
  if (filter.route !== undefined && request.route !== filter.route) return false;
  if (filter.status !== undefined && request.status !== filter.status) return false;
  const path = filter.path;
  if (path instanceof RegExp) return path.test(request.path);
  if (typeof path === 'string') {
    return path.endsWith('*') ? request.path.startsWith(path.slice(0, -1)) : request.path === path;
  }
  return true;
}

/**
 * Everything the simulator received, newest last, with counters. Keeps the last `capacity`
 * requests (default 100,000) so week-long benchmarks do not grow without bound; the totals per
 * status and per route count every request ever received.
 *
 * @example
 * ```ts
 * expect(sim.requests.count({ target: 'oauth', path: '/-/oauth_token' })).toBe(1);
 * expect(sim.requests.countByStatus()[429]).toBeGreaterThan(0);
 * ```
 */
export class AsanaRequestLog {
  private entries: AsanaRecordedRequest[] = [];
  private seq = 0;
  private readonly byStatus = new Map<number, number>();
  private readonly byRoute = new Map<string, number>();
  private readonly byPath = new Map<string, number>();

  constructor(private readonly capacity = 100_000) {}

  /** @internal Starts a record; the server fills in status and duration when it finishes. */
  begin(record: Omit<AsanaRecordedRequest, 'seq'>): AsanaRecordedRequest {
    this.seq += 1;
    const entry: AsanaRecordedRequest = { seq: this.seq, ...record };
    this.entries.push(entry);
    if (this.entries.length > this.capacity)
      this.entries = this.entries.slice(-Math.floor(this.capacity * 0.9));
    return entry;
  }

  /** @internal Records the outcome. */
  finish(entry: AsanaRecordedRequest, status: number | undefined, durationMs: number): void {
    entry.durationMs = durationMs;
    if (status === undefined) return;
    entry.status = status;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const key = `${entry.target} ${entry.method} ${entry.route ?? entry.path}`;
    this.byRoute.set(key, (this.byRoute.get(key) ?? 0) + 1);
    const pathKey = `${entry.target} ${entry.method} ${entry.path}`;
    this.byPath.set(pathKey, (this.byPath.get(pathKey) ?? 0) + 1);
  }

  /** Retained requests, oldest first (optionally filtered). */
  all(filter: AsanaRequestFilter = {}): AsanaRecordedRequest[] {
    return this.entries.filter((entry) => matches(entry, filter));
  }

  /** Number of retained requests matching the filter. */
  count(filter: AsanaRequestFilter = {}): number {
    let total = 0;
    for (const entry of this.entries) if (matches(entry, filter)) total += 1;
    return total;
  }

  /** The most recent matching request. */
  last(filter: AsanaRequestFilter = {}): AsanaRecordedRequest | undefined {
    for (let i = this.entries.length - 1; i >= 0; i -= 1) {
      const entry = this.entries[i];
      if (entry !== undefined && matches(entry, filter)) return entry;
    }
    return undefined;
  }

  /** Finished requests per status, since start (or the last clear). */
  countByStatus(): Record<number, number> {
    return Object.fromEntries(this.byStatus);
  }

  /** Finished requests per `"<target> <METHOD> <route or path>"`, since start (or the last clear). */
  countByRoute(): Record<string, number> {
    return Object.fromEntries(this.byRoute);
  }

  /** Finished requests per `"<target> <METHOD> <concrete path>"`, since start (or the last clear). */
  countByPath(): Record<string, number> {
    return Object.fromEntries(this.byPath);
  }

  /** Total requests received since start (or the last clear). */
  get total(): number {
    return this.seq;
  }

  /** Forgets everything. */
  clear(): void {
    this.entries = [];
    this.seq = 0;
    this.byStatus.clear();
    this.byRoute.clear();
    this.byPath.clear();
  }
}

/**
 * URLSearchParams as `{key: [values…]}`, the request log's form of a query.
 *
 * @example
 * ```ts
 * queryRecord(new URLSearchParams('a=1&a=2')); // { a: ['1', '2'] }
 * ```
 */
export function queryRecord(query: URLSearchParams): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of query) {
    const list = out[key];
    if (list === undefined) out[key] = [value];
    else list.push(value);
  }
  return out;
}
