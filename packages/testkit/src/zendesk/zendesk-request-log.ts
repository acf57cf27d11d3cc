import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One request the simulator received, for assertions and for spec conformance checks.
 *
 * @example
 * ```ts
 * const calls = sim.requests.filter((r) => r.host === 'api' && r.path.startsWith('/api/v2/tickets'));
 * ```
 */
export interface ZendeskRecordedRequest {
  host: 'api' | 'storage';
  method: string;
  /** The path as sent (`/api/v2/tickets.json`). */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** The matched route template (`/tickets/{ticket_id}`) of API requests. */
  route?: string;
  status?: number;
  at: number;
}

/**
 * A bounded log of received requests, oldest first.
 *
 * @example
 * ```ts
 * sim.requests.all.filter((r) => r.route === '/tickets').length;
 * ```
 */
export class ZendeskRequestLog {
  readonly all: ZendeskRecordedRequest[] = [];

  constructor(private readonly capacity = 100_000) {}

  record(entry: ZendeskRecordedRequest): ZendeskRecordedRequest {
    if (this.all.length >= this.capacity) this.all.shift();
    this.all.push(entry);
    return entry;
  }

  /**
   * Records a request as it arrives and fills in its status once the response closes (none when
   * the connection dropped before any header was sent).
   */
  recordExchange(
    host: ZendeskRecordedRequest['host'],
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    at: number,
  ): ZendeskRecordedRequest {
    const entry = this.record({
      host,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      at,
    });
    res.once('close', () => {
      entry.status = res.headersSent ? res.statusCode : undefined;
    });
    return entry;
  }

  clear(): void {
    this.all.length = 0;
  }
}
