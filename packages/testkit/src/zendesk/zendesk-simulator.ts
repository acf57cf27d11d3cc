import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { closeServers, listenLoopback } from '../core/loopback-servers';
import { type SimulatorClock, simulatorClockFrom } from '../core/simulator-clock';
import { generateZendeskDataset, type ZendeskDatasetOptions } from './generate-zendesk-dataset';
import { createZendeskApiHandler } from './zendesk-api-host';
import { ZendeskDataset } from './zendesk-dataset';
import { ZendeskFaultQueue } from './zendesk-fault-queue';
import { ZendeskRateLimiter, type ZendeskRateLimitOptions } from './zendesk-rate-limiter';
import { ZendeskRequestLog } from './zendesk-request-log';
import { createStorageHandler, StorageSigner } from './zendesk-storage-host';
import { type ZendeskOAuthOptions, ZendeskTokenStore } from './zendesk-token-store';

/**
 * How to start a Zendesk simulator; everything is optional.
 *
 * @example
 * ```ts
 * const sim = await startZendeskSimulator({ dataset: { tickets: 100_000 }, rateLimit: { perMinute: 700, windowMs: 6_000 } });
 * ```
 */
export interface ZendeskSimulatorOptions {
  /** A dataset, or options to generate one. Default: the sandbox (40 tickets). */
  dataset?: ZendeskDataset | ZendeskDatasetOptions;
  /** API port on 127.0.0.1 (0 = ephemeral). */
  port?: number;
  /** Storage host port on 127.0.0.1 (0 = ephemeral). */
  storagePort?: number;
  /** `real` (default) or `manual` (moves only with `clock.advance`). */
  clock?: 'real' | 'manual' | SimulatorClock;
  /** Start of the clock (epoch ms or ISO). Default: now. */
  startAt?: number | string;
  /** Fix the owner's API token (default random). */
  apiToken?: string;
  oauth?: ZendeskOAuthOptions;
  /** `false` disables rate limiting. Default: the Enterprise plan (700/min, exports 10/min). */
  rateLimit?: ZendeskRateLimitOptions | false;
  /** Largest `page[size]`. Default 100. */
  maxPageSize?: number;
  /** Clamp an oversize `page[size]` instead of answering 400. Default false. */
  clampPageSize?: boolean;
  /** Records this recent are withheld from incremental exports. Default 60 s. */
  exportDelaySeconds?: number;
  /** Lifetime of signed storage URLs. Default 60 s. */
  storageUrlTtlSeconds?: number;
  /** Latency added to each API request (real ms). Default 0. */
  latencyMs?: number;
  /** Answer 403 in the nested `{error: {title, message}}` shape instead of shape A. */
  nestedForbidden?: boolean;
}

/**
 * A running Zendesk Support simulator: the account host and a storage host, over a mutable dataset.
 *
 * @example
 * ```ts
 * const sim = await startZendeskSimulator();
 * const res = await fetch(`${sim.baseUrl}/tickets.json?page[size]=10`, { headers: { authorization: sim.basicAuth() } });
 * await sim.close();
 * ```
 */
export interface ZendeskSimulator extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/api/v2`: what `config.base_url` takes. */
  readonly baseUrl: string;
  readonly origin: string;
  /** `http://127.0.0.1:<port>/oauth/tokens`. */
  readonly oauthTokenUrl: string;
  /** `http://127.0.0.1:<port>/oauth/authorizations/new`: the consent page (Allow / Deny). */
  readonly oauthAuthorizeUrl: string;
  readonly storageOrigin: string;
  readonly data: ZendeskDataset;
  readonly clock: SimulatorClock;
  readonly faults: ZendeskFaultQueue;
  readonly requests: ZendeskRequestLog;
  readonly tokens: ZendeskTokenStore;
  /** The owner (an admin): email, API token and a non-expiring OAuth access token. */
  readonly credentials: { email: string; apiToken: string; accessToken: string };
  /** `Basic base64("{email}/token:{api_token}")` for the owner, or another user's token. */
  basicAuth(email?: string, apiToken?: string): string;
  /** A new API token for a user (an agent's gets 403 on admin-only endpoints). */
  issueApiToken(userId: number): string;
  /** A new OAuth access token; `scopes` like `['tickets:read']` restrict it, `ttlSeconds` expires it. */
  issueAccessToken(options?: { userId?: number; scopes?: string[]; ttlSeconds?: number }): string;
  issueAuthorizationCode(options?: { userId?: number; scopes?: string[]; redirectUri?: string }): string;
  setRateLimit(options: ZendeskRateLimitOptions | false): void;
  setStorageUrlTtl(seconds: number): void;
  /** Stops both hosts, cutting open connections; what `await using` calls. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts a stateful simulator of the Zendesk Support API written from
 * `shared/reference/support-desk-upstream.md` and the official spec: both auth methods, cursor
 * and offset pagination with their limits, incremental exports with deletions, per-minute rate
 * limits with their headers, search, and attachment downloads through a 302 to a storage host.
 *
 * @example
 * ```ts
 * const sim = await startZendeskSimulator({ dataset: { tickets: 1_000 }, clock: 'manual' });
 * sim.data.deleteTicket(3);
 * await sim.close();
 * ```
 */
export async function startZendeskSimulator(
  options: ZendeskSimulatorOptions = {},
): Promise<ZendeskSimulator> {
  const data =
    options.dataset instanceof ZendeskDataset ? options.dataset : generateZendeskDataset(options.dataset);
  const clock = simulatorClockFrom(options.clock, options.startAt);
  data.clock = clock;
  const tokens = new ZendeskTokenStore(options.oauth);
  const owner = data.owner;
  const apiToken = tokens.issueApiToken(owner.id, options.apiToken);
  const accessToken = tokens.issueAccessToken(owner.id);
  const limiter = new ZendeskRateLimiter(
    options.rateLimit === false ? { enabled: false } : options.rateLimit,
  );
  const faults = new ZendeskFaultQueue();
  const requests = new ZendeskRequestLog();
  const apiServer = createServer({ keepAliveTimeout: 5_000 });
  const storageServer = createServer({ keepAliveTimeout: 5_000 });
  const [apiPort, storagePort] = await listenLoopback([
    [apiServer, options.port ?? 0],
    [storageServer, options.storagePort ?? 0],
  ] as const);
  const origin = `http://127.0.0.1:${apiPort}`;
  const storageOrigin = `http://127.0.0.1:${storagePort}`;
  const signer = new StorageSigner(randomBytes(32), storageOrigin, options.storageUrlTtlSeconds ?? 60);
  const now = (): number => clock.now();
  apiServer.on(
    'request',
    createZendeskApiHandler({
      data,
      tokens,
      limiter,
      faults,
      log: requests,
      signer,
      origin,
      now,
      settings: {
        maxPageSize: options.maxPageSize ?? 100,
        clampPageSize: options.clampPageSize ?? false,
        exportDelaySeconds: options.exportDelaySeconds ?? 60,
        latencyMs: options.latencyMs ?? 0,
        nestedForbidden: options.nestedForbidden ?? false,
      },
    }),
  );
  storageServer.on('request', createStorageHandler({ data, signer, log: requests, faults, now }));
  const basic = (email: string, token: string): string =>
    `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;
  const close = (): Promise<void> => closeServers(apiServer, storageServer);
  return {
    baseUrl: `${origin}/api/v2`,
    origin,
    oauthTokenUrl: `${origin}/oauth/tokens`,
    oauthAuthorizeUrl: `${origin}/oauth/authorizations/new`,
    storageOrigin,
    data,
    clock,
    faults,
    requests,
    tokens,
    credentials: { email: owner.email, apiToken, accessToken },
    basicAuth: (email = owner.email, token = apiToken) => basic(email, token),
    issueApiToken: (userId) => tokens.issueApiToken(userId),
    issueAccessToken: (issue = {}) =>
      tokens.issueAccessToken(
        issue.userId ?? owner.id,
        issue.scopes ?? ['read', 'write'],
        issue.ttlSeconds,
        clock.now(),
      ),
    issueAuthorizationCode: (issue = {}) =>
      tokens.issueAuthorizationCode(issue.userId ?? owner.id, clock.now(), issue.scopes, issue.redirectUri),
    setRateLimit: (rateLimit) => limiter.configure(rateLimit === false ? { enabled: false } : rateLimit),
    setStorageUrlTtl: (seconds) => {
      signer.ttlSeconds = seconds;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
