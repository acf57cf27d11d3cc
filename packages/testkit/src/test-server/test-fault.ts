import type { TestReply } from './test-reply';

/**
 * A failure the test server injects instead of (or into) a route's normal answer.
 *
 * - `rate-limit`: 429, with `Retry-After` in seconds (a number) or as an HTTP-date (a Date).
 * - `server-error`: a 5xx (default 500) with a JSON body, or an HTML page like a proxy's 504.
 * - `reply`: any canned response.
 * - `delay`: wait `ms`, then let the route answer.
 * - `stall`: never answer; with `afterBytes`, send the route's headers and that many body bytes,
 *   then nothing more (the connection stays open until the client gives up or the server closes).
 * - `reset`: drop the connection before any response; with `afterBytes`, after the route's headers
 *   and that many body bytes.
 *
 * @example
 * ```ts
 * server.inject({ kind: 'rate-limit', retryAfter: 2 }, { times: 3 });
 * server.inject({ kind: 'server-error', status: 504, format: 'html' }, { route: 'GET /tasks/:gid' });
 * server.inject({ kind: 'reset', afterBytes: 65_536 });
 * ```
 */
export type TestFault =
  | { kind: 'rate-limit'; retryAfter?: number | Date | string; body?: unknown }
  | { kind: 'server-error'; status?: number; format?: 'json' | 'html'; retryAfter?: number | Date | string }
  | { kind: 'reply'; reply: TestReply }
  | { kind: 'delay'; ms: number }
  | { kind: 'stall'; afterBytes?: number }
  | { kind: 'reset'; afterBytes?: number };

/**
 * Where and how often a fault applies.
 *
 * @example
 * ```ts
 * server.inject({ kind: 'server-error', status: 503 }, { times: 2, route: 'GET /tasks/:gid' });
 * ```
 */
export interface InjectOptions {
  /** How many matching requests it hits. Default 1; `Infinity` for every one. */
  times?: number;
  /** Only requests matching this route pattern (`GET /tasks/:gid`, `/files/*`). Default: any. */
  route?: string;
}

/**
 * The `Retry-After` value for a fault: seconds, an HTTP-date, or a raw string.
 *
 * @example
 * ```ts
 * formatRetryAfter(2); // '2'
 * formatRetryAfter(new Date('2030-01-01T00:00:00Z')); // 'Tue, 01 Jan 2030 00:00:00 GMT'
 * ```
 */
export function formatRetryAfter(value: number | Date | string): string {
  if (value instanceof Date) return value.toUTCString();
  return String(value);
}

/**
 * The canned response of a fault that replaces the route's answer, or undefined for faults that
 * act on the connection or timing instead.
 *
 * @example
 * ```ts
 * faultReply({ kind: 'server-error', status: 504, format: 'html' })?.status; // 504
 * ```
 */
export function faultReply(fault: TestFault): TestReply | undefined {
  switch (fault.kind) {
    case 'rate-limit':
      return {
        status: 429,
        headers: fault.retryAfter === undefined ? {} : { 'retry-after': formatRetryAfter(fault.retryAfter) },
        json: fault.body ?? { errors: [{ message: 'Too many requests (injected by the test server)' }] },
      };
    case 'server-error': {
      const status = fault.status ?? 500;
      const headers: Record<string, string> =
        fault.retryAfter === undefined ? {} : { 'retry-after': formatRetryAfter(fault.retryAfter) };
      if (fault.format === 'html') {
        return {
          status,
          headers: { ...headers, 'content-type': 'text/html; charset=utf-8' },
          body: `<!DOCTYPE html>\n<html><head><title>${status} Server Error</title></head><body><h1>${status} Server Error</h1><p>Injected by the test server.</p></body></html>\n`,
        };
      }
      return {
        status,
        headers,
        json: { errors: [{ message: `Server error ${status} (injected by the test server)` }] },
      };
    }
    case 'reply':
      return fault.reply;
    default:
      return undefined;
  }
}
