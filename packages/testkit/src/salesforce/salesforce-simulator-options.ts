import type { SimulatorClock } from '../core/simulator-clock';
import type { SalesforceDatasetOptions } from './generate-salesforce-dataset';
import type { SalesforceDataset, SalesforceRecord } from './salesforce-dataset';
import type { SalesforceRequestLog } from './salesforce-request-log';
import type { SalesforceOAuthOptions } from './salesforce-token-store';

/** The simulator's clock (shared shape with the other simulators: `now`, `advance`). */
export type SalesforceSimulatorClock = SimulatorClock;

/**
 * A failure injected before the simulator answers: an error array with any status, a dropped
 * connection (after `afterBytes` of the body, e.g. mid-download), or extra latency.
 *
 * @example
 * ```ts
 * sim.inject({ kind: 'error', status: 503, errorCode: 'SERVER_UNAVAILABLE', message: 'try later' }, { times: 2 });
 * sim.inject({ kind: 'reset', afterBytes: 65_536 }, { path: /VersionData$/ });
 * ```
 */
export type SalesforceFault =
  | { kind: 'error'; status: number; errorCode: string; message: string }
  | { kind: 'reset'; afterBytes?: number }
  | { kind: 'delay'; ms: number };

/** Which requests a fault hits and how many times (default once). */
export interface SalesforceFaultOptions {
  times?: number;
  /**
   * The requests whose path starts with this one (or matches it): the whole path
   * (`/services/data/v62.0/limits`), or the part after the API version (`/limits`,
   * `/sobjects/Account`), as the connector's own paths read.
   */
  path?: string | RegExp;
  host?: 'login' | 'instance';
}

/**
 * How to start the simulator. Everything is optional: the default is the `sandbox` org over
 * plain http on ephemeral ports with Salesforce's lifetimes and an Enterprise-size allocation.
 *
 * @example
 * ```ts
 * const sim = await startSalesforceSimulator({
 *   dataset: { seed: 3, scale: { contacts: 10_000 } },
 *   clock: 'manual',
 *   oauth: { sessionTtlSeconds: 60, rotateRefreshTokens: true },
 *   dailyApiLimit: 15_000,
 * });
 * ```
 */
export interface SalesforceSimulatorOptions {
  dataset?: SalesforceDataset | SalesforceDatasetOptions;
  /** `real` (default) or `manual` (moves only with `clock.advance`), or a clock to share. */
  clock?: 'real' | 'manual' | SalesforceSimulatorClock;
  /** Start of a manual clock (epoch ms). Default: now. */
  startAt?: number;
  oauth?: SalesforceOAuthOptions;
  /** Serve https with this certificate (see `createSelfSignedCertificate`). Default: http. */
  tls?: { key: string; cert: string };
  /** Ports on 127.0.0.1. Default 0 (ephemeral). */
  loginPort?: number;
  instancePort?: number;
  /** API versions served (`'62.0'`…). Default 55.0 to 67.0. */
  apiVersions?: string[];
  /** Daily API allocation (`Sforce-Limit-Info: api-usage=N/M`). Default 100,000. */
  dailyApiLimit?: number;
  /** Requests already counted against today's allocation. Default 0. */
  apiUsage?: number;
  /** In-flight data requests allowed before `ConcurrentPerOrgLongTxn`. Default 25. */
  concurrencyLimit?: number;
  /** Extra latency of every data request, real ms. Default 0. */
  latencyMs?: number;
  /** Lifetime of query locators. Default 2 days. */
  locatorTtlSeconds?: number;
  /** Deleted records are purged (gone from queryAll and getDeleted) after this many days. Default 15. */
  recycleBinDays?: number;
}

/**
 * A running Salesforce simulator: a login host (token endpoint, identity URLs) and an instance
 * host (the REST API under `/services/data/vNN.0`, plus its own token endpoint like a My
 * Domain), over a mutable dataset.
 *
 * @example
 * ```ts
 * const sim = await startSalesforceSimulator();
 * const grant = await sim.refresh();
 * const page = await fetch(`${grant.instance_url}/services/data/v62.0/query?q=SELECT+Id+FROM+Account`, {
 *   headers: { authorization: `Bearer ${grant.access_token}` },
 * });
 * await sim.close();
 * ```
 */
export interface SalesforceSimulator extends AsyncDisposable {
  /** `http(s)://127.0.0.1:<port>`: the configured `instance_url` (token endpoint host). */
  readonly loginUrl: string;
  /** `http(s)://127.0.0.1:<other port>`: the `instance_url` of token responses. */
  readonly instanceUrl: string;
  /** `<loginUrl>/services/oauth2/token`. */
  readonly tokenUrl: string;
  /** `<loginUrl>/services/oauth2/authorize`: the web-server flow's consent page (Allow / Deny). */
  readonly authorizeUrl: string;
  readonly data: SalesforceDataset;
  readonly clock: SalesforceSimulatorClock;
  readonly requests: SalesforceRequestLog;
  readonly credentials: { clientId: string; clientSecret: string; refreshToken: string };
  /** `{used, max}` of the daily allocation. */
  readonly usage: { used: number; max: number };
  /** Runs the refresh grant with the start-up credentials (a convenience for tests). */
  refresh(): Promise<{ access_token: string; instance_url: string; refresh_token?: string }>;
  /** A valid session without a refresh. */
  issueAccessToken(): string;
  /** Ends every session (the next data call answers 401 `INVALID_SESSION_ID`). */
  expireSessions(): void;
  /** Revokes a refresh token (its family too) or a session. */
  revokeToken(token: string): boolean;
  setSessionTtl(seconds: number): void;
  setRotateRefreshTokens(rotate: boolean): void;
  /** Sets the allocation and, optionally, the usage so far. */
  setApiUsage(used: number, max?: number): void;
  setLatency(ms: number): void;
  setConcurrencyLimit(limit: number): void;
  /**
   * Caps every query batch at `size` records whatever `batchSize` asks (as Salesforce does for
   * large records, crm-upstream.md §4.1); `undefined` lifts the cap.
   */
  setBatchCeiling(size: number | undefined): void;
  /** Drops every open query locator (`INVALID_QUERY_LOCATOR` on the next page). */
  expireQueryLocators(): void;
  inject(fault: SalesforceFault, options?: SalesforceFaultOptions): void;
  /** Dataset writes on the simulator clock (see {@link SalesforceDataset}). */
  insert(type: string, fields: Record<string, unknown>): SalesforceRecord;
  update(id: string, patch: Record<string, unknown>): SalesforceRecord;
  delete(id: string): SalesforceRecord;
  purge(id: string): void;
  /** Stops both hosts, cutting open connections; what `await using` calls. Safe to call twice. */
  close(): Promise<void>;
}
