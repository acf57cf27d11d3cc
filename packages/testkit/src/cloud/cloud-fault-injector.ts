import { ValidationError } from '@conduit/protocol';
import { faultChecks } from '../core/fault-checks';
import type { ApiSurface } from './route-table';

/**
 * Which requests a fault applies to; every given field must match.
 *
 * @example
 * ```ts
 * sim.faults.failNext(503, { match: { method: 'GET', operationId: 'getJob' } });
 * ```
 */
export interface CloudFaultMatch {
  method?: string;
  api?: ApiSurface;
  /** The spec's operation id, e.g. `getJob` or `createAccessToken`. */
  operationId?: string;
  /** Exact request path as sent (`/v1/jobs/12`), or a pattern tested against it. */
  path?: string | RegExp;
}

/**
 * One injected misbehaviour. With `status`, the request is answered with that status instead of
 * being handled; with only `delayMs`, it is handled normally after the (real-time) delay; with
 * `dropConnection`, the socket is destroyed without an answer.
 *
 * @example
 * ```ts
 * sim.faults.add({ status: 429, retryAfterSeconds: 3, times: 2, match: { api: 'public' } });
 * ```
 */
export interface CloudFaultSpec {
  status?: number;
  /** Body to send instead of the default for `status`; `null` sends an empty body. */
  body?: unknown;
  /** Adds a `Retry-After` header (seconds), as 429 and 503 answers carry. */
  retryAfterSeconds?: number;
  /** Wall-clock milliseconds to wait before answering, to trip client timeouts. */
  delayMs?: number;
  dropConnection?: boolean;
  match?: CloudFaultMatch;
  /** How many matching requests it affects; defaults to 1. */
  times?: number;
}

/** What the server sees about a request when choosing a fault. */
export interface FaultCandidate {
  method: string;
  api: ApiSurface | undefined;
  operationId: string | undefined;
  path: string;
}

/**
 * Queue of injected faults. Faults are consumed in the order they were added; each matching
 * request takes one use of the first matching fault.
 *
 * @example
 * ```ts
 * sim.faults.failNext(429, { retryAfterSeconds: 2 });
 * sim.faults.failNext(503, { times: 2, match: { operationId: 'getJob' } });
 * sim.faults.delayNext(5_000, { match: { operationId: 'listConnections' } });
 * ```
 */
export class CloudFaultInjector {
  readonly #queue: Array<CloudFaultSpec & { remaining: number }> = [];

  /** Adds a fault. */
  add(spec: CloudFaultSpec): void {
    const times = spec.times ?? 1;
    if (!Number.isInteger(times) || times < 1) {
      throw new ValidationError('A fault needs a positive integer `times`', {
        details: [{ field: 'times', message: 'must be an integer >= 1', error_code: 'invalid_param' }],
      });
    }
    if (spec.status !== undefined) faultChecks.status(spec.status);
    faultChecks.amount('retryAfterSeconds', spec.retryAfterSeconds, { optional: true });
    faultChecks.amount('delayMs', spec.delayMs, { optional: true });
    if (spec.status === undefined && spec.delayMs === undefined && spec.dropConnection !== true) {
      throw new ValidationError('A fault needs a status, a delay or dropConnection', {
        details: [{ field: 'status', message: 'nothing to inject', error_code: 'missing_param' }],
      });
    }
    this.#queue.push({ ...spec, remaining: times });
  }

  /** Answers the next matching request(s) with `status` (401, 403, 404, 429, 500, 502, 503, …). */
  failNext(status: number, options: Omit<CloudFaultSpec, 'status'> = {}): void {
    this.add({ ...options, status });
  }

  /** Delays the next matching request(s) by `ms` of real time, then handles them normally. */
  delayNext(ms: number, options: Omit<CloudFaultSpec, 'delayMs'> = {}): void {
    this.add({ ...options, delayMs: ms });
  }

  /** Drops the connection of the next matching request(s) without answering. */
  dropNext(options: Omit<CloudFaultSpec, 'dropConnection'> = {}): void {
    this.add({ ...options, dropConnection: true });
  }

  /** How many fault uses are still queued. */
  get pending(): number {
    return this.#queue.reduce((total, fault) => total + fault.remaining, 0);
  }

  /** Removes every queued fault. */
  clear(): void {
    this.#queue.length = 0;
  }

  /** Takes one use of the first fault matching the request; used by the server. */
  take(candidate: FaultCandidate): CloudFaultSpec | undefined {
    const index = this.#queue.findIndex((fault) => faultMatches(fault.match, candidate));
    if (index < 0) return undefined;
    const fault = this.#queue[index] as CloudFaultSpec & { remaining: number };
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#queue.splice(index, 1);
    const { remaining: _remaining, ...spec } = fault;
    return spec;
  }
}

function faultMatches(match: CloudFaultMatch | undefined, candidate: FaultCandidate): boolean {
  if (!match) return true;
  if (match.method !== undefined && match.method.toUpperCase() !== candidate.method) return false;
  if (match.api !== undefined && match.api !== candidate.api) return false;
  if (match.operationId !== undefined && match.operationId !== candidate.operationId) return false;
  if (match.path !== undefined) {
    return typeof match.path === 'string' ? match.path === candidate.path : match.path.test(candidate.path);
  }
  return true;
}
