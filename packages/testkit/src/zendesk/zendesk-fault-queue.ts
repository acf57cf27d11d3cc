import { faultChecks } from '../core/fault-checks';

/**
 * A fault the simulator answers with instead of the real response.
 *
 * @example
 * ```ts
 * sim.faults.push({ status: 503, retryAfter: 1, times: 2 });
 * sim.faults.push({ kind: 'reset', path: '/tickets' });
 * ```
 */
export type ZendeskFault =
  | {
      kind?: 'status';
      status: number;
      retryAfter?: number;
      body?: string;
      contentType?: string;
      times?: number;
      path?: string;
    }
  | { kind: 'reset'; times?: number; path?: string }
  | { kind: 'delay'; ms: number; times?: number; path?: string };

/** Faults in the order they were pushed; each applies `times` (default 1) to matching requests. */
export class ZendeskFaultQueue {
  private readonly pending: Array<ZendeskFault & { left: number }> = [];

  /** Queues a fault; a malformed one throws a `ValidationError` naming the field. */
  push(fault: ZendeskFault): void {
    faultChecks.kind(fault?.kind ?? 'status', ['status', 'reset', 'delay']);
    if (fault.kind === 'delay') faultChecks.amount('ms', fault.ms);
    else if (fault.kind !== 'reset') {
      faultChecks.status(fault.status);
      faultChecks.amount('retryAfter', fault.retryAfter, { optional: true });
    }
    faultChecks.times(fault.times);
    this.pending.push({ ...fault, left: fault.times ?? 1 });
  }

  clear(): void {
    this.pending.length = 0;
  }

  get size(): number {
    return this.pending.length;
  }

  take(path: string): ZendeskFault | undefined {
    const index = this.pending.findIndex((fault) => fault.path === undefined || path.includes(fault.path));
    if (index < 0) return undefined;
    const fault = this.pending[index]!;
    fault.left -= 1;
    if (fault.left <= 0) this.pending.splice(index, 1);
    return fault;
  }
}
