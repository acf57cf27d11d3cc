import type { IncomingMessage, ServerResponse } from 'node:http';
import { faultChecks } from '../core/fault-checks';
import { type BodyFault, sendJson } from '../core/http-io';
import type { SimulatorClock } from '../core/simulator-clock';
import type { QueryLocators } from './query-locators';
import type { SalesforceDataset } from './salesforce-dataset';
import type { SalesforceRequestLog } from './salesforce-request-log';
import type { SalesforceFault, SalesforceFaultOptions } from './salesforce-simulator-options';
import type { SalesforceTokenStore } from './salesforce-token-store';

/** The API's paths: `/services/data/vNN.N` and what follows it. */
export const DATA_PATH = /^\/services\/data\/v(\d+\.\d)(\/.*)?$/;
const JSON_TYPE = 'application/json;charset=UTF-8';

/** Which of the simulator's two hosts a request reached. */
export type SalesforceHostName = 'login' | 'instance';

/**
 * Everything a running Salesforce simulator holds and its routes read: the org's data, its
 * sessions, the allocation and limits a test may change, the open query locators, the faults
 * queued and the request log.
 */
export interface SalesforceHostState {
  readonly clock: SimulatorClock;
  readonly data: SalesforceDataset;
  readonly tokens: SalesforceTokenStore;
  readonly versions: ReadonlySet<string>;
  readonly usage: { used: number; max: number };
  readonly limits: { concurrency: number; latencyMs: number; batchCeiling: number; inFlight: number };
  readonly locators: QueryLocators;
  readonly recycleBinMs: number;
  readonly requests: SalesforceRequestLog;
  readonly faults: SalesforceFaultQueue;
  readonly loginUrl: string;
  readonly instanceUrl: string;
}

/** One request being answered, with the host it reached and its parsed URL. */
export interface SalesforceExchange {
  readonly host: SalesforceHostName;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
}

/**
 * Answers with Salesforce's JSON content type (its error arrays and JSON bodies), cut short by
 * `fault` when one applies to the body.
 */
export function sendSalesforceJson(
  exchange: SalesforceExchange,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  fault?: BodyFault,
): Promise<void> {
  return sendJson(exchange.req, exchange.res, status, body, {
    headers: { 'content-type': JSON_TYPE, ...headers },
    ...(fault === undefined ? {} : { fault }),
  });
}

/** Refuses a fault that would be served as something else, or a match that can never match. */
function checkSalesforceFault(fault: SalesforceFault, options: SalesforceFaultOptions): void {
  faultChecks.kind(fault?.kind, ['error', 'reset', 'delay']);
  if (fault.kind === 'error') faultChecks.status(fault.status);
  if (fault.kind === 'reset') faultChecks.amount('afterBytes', fault.afterBytes, { optional: true });
  if (fault.kind === 'delay') faultChecks.amount('ms', fault.ms);
  faultChecks.times(options.times);
  faultChecks.absolutePath(options.path);
  if (options.host !== undefined) faultChecks.oneOf('host', options.host, ['login', 'instance']);
}

/** The faults a test queued, each served to the next requests it matches. */
export class SalesforceFaultQueue {
  private readonly entries: Array<{
    fault: SalesforceFault;
    left: number;
    path?: string | RegExp;
    host?: SalesforceHostName;
  }> = [];

  /** Queues a fault after checking it (see `SalesforceSimulator.inject`). */
  push(fault: SalesforceFault, options: SalesforceFaultOptions = {}): void {
    checkSalesforceFault(fault, options);
    this.entries.push({ fault, left: options.times ?? 1, path: options.path, host: options.host });
  }

  /** The fault for a request, if one matches it (counted as served). */
  take(host: SalesforceHostName, path: string): SalesforceFault | undefined {
    // Every request asks: without a fault queued, nothing is parsed.
    if (this.entries.length === 0) return undefined;
    const underVersion = DATA_PATH.exec(path)?.[2];
    const index = this.entries.findIndex(
      (entry) =>
        (entry.host === undefined || entry.host === host) &&
        (entry.path === undefined ||
          (entry.path instanceof RegExp
            ? entry.path.test(path)
            : path.startsWith(entry.path) || underVersion?.startsWith(entry.path) === true)),
    );
    if (index === -1) return undefined;
    const entry = this.entries[index]!;
    entry.left -= 1;
    if (entry.left <= 0) this.entries.splice(index, 1);
    return entry.fault;
  }
}
