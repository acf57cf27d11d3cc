import type { SalesforceRecord } from './salesforce-dataset';
import { salesforceId } from './salesforce-ids';
import type { CompiledSoql } from './soql-engine';

interface Locator {
  rows: SalesforceRecord[];
  query: CompiledSoql;
  expiresAt: number;
  batchSize: number;
}

/**
 * Open query cursors: the rows a query matched, kept for `ttlMs` of simulator time (two days
 * since API 56.0, no limit on how many are open) and read batch by batch through
 * `nextRecordsUrl` (`/query/{locator}-{offset}`).
 *
 * @example
 * ```ts
 * const id = locators.open(rows, query, now, 2000);
 * locators.read(id, now)?.rows.length;
 * ```
 */
export class QueryLocators {
  private readonly open_ = new Map<string, Locator>();
  private counter = 0;

  constructor(public ttlMs: number) {}

  /** Keeps the rows of a query that has more than one batch; returns the locator id. */
  open(rows: SalesforceRecord[], query: CompiledSoql, now: number, batchSize: number): string {
    this.counter += 1;
    const id = salesforceId('0r8', this.counter);
    this.open_.set(id, { rows, query, expiresAt: now + this.ttlMs, batchSize });
    this.sweep(now);
    return id;
  }

  /** A live locator, or undefined when unknown or expired. */
  read(id: string, now: number): Locator | undefined {
    const locator = this.open_.get(id);
    if (locator === undefined) return undefined;
    if (now >= locator.expiresAt) {
      this.open_.delete(id);
      return undefined;
    }
    return locator;
  }

  /** Drops every open cursor (as if they had all expired). */
  expireAll(): void {
    this.open_.clear();
  }

  private sweep(now: number): void {
    for (const [id, locator] of this.open_) if (now >= locator.expiresAt) this.open_.delete(id);
  }
}
