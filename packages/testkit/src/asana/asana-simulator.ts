import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { ValidationError } from '@conduit/protocol';
import { closeServers, listenLoopback } from '../core/loopback-servers';
import { nonNegativeOption } from '../core/non-negative-option';
import { type SimulatorClock, simulatorClockFrom } from '../core/simulator-clock';
import { createApiHandler } from './api-host';
import {
  AsanaDataset,
  type AsanaNewAttachment,
  type AsanaNewTask,
  type AsanaTaskPatch,
} from './asana-dataset';
import type { AsanaDatasetOptions } from './dataset-options';
import type { AsanaAttachmentRow, AsanaTaskSnapshot } from './dataset-rows';
import { createDownloadHandler } from './download-host';
import { DownloadSigner } from './download-signer';
import { AsanaFaultInjector } from './fault-injector';
import { generateAsanaDataset } from './generate-dataset';
import { OffsetCodec } from './offset-token';
import { AsanaRateLimiter, type AsanaRateLimitOptions } from './rate-limiter';
import { AsanaRequestLog } from './request-log';
import { type AsanaOAuthOptions, AsanaTokenStore } from './token-store';

/**
 * How to start a simulator. Everything is optional: the default is the `tiny` dataset on
 * ephemeral ports with Asana's real limits and lifetimes.
 *
 * @example
 * ```ts
 * const sim = await startAsanaSimulator({
 *   dataset: { preset: 'tiny', seed: 7 },
 *   clock: 'manual',
 *   offsetTtlSeconds: 60,
 *   rateLimit: { requests: 150, windowMs: 6_000 },
 * });
 * ```
 */
export interface AsanaSimulatorOptions {
  /** A dataset, or options to generate one. Default `{ preset: 'tiny' }`. */
  dataset?: AsanaDataset | AsanaDatasetOptions;
  /** API port on 127.0.0.1. Default 0 (ephemeral). */
  port?: number;
  /** Download host port on 127.0.0.1. Default 0 (ephemeral). */
  downloadPort?: number;
  /** `real` (default) follows the wall clock; `manual` moves only with `clock.advance`. */
  clock?: 'real' | 'manual' | SimulatorClock;
  /** Start of a manual clock (epoch ms or ISO). Default: now. */
  startAt?: number | string;
  /** Fix the personal access token (default: random per simulator). */
  personalAccessToken?: string;
  oauth?: AsanaOAuthOptions;
  /** Lifetime of pagination offsets. Default 900 s (what Asana's tokens carry). */
  offsetTtlSeconds?: number;
  /** Lifetime of signed `download_url`s. Default 120 s. */
  downloadUrlTtlSeconds?: number;
  /** Rate limits; `false` disables them. Default: Asana's paid-plan limits. */
  rateLimit?: AsanaRateLimitOptions | false;
  /** Extra latency for every API request, in real milliseconds. Default 0. */
  latencyMs?: number;
  /** Unpaginated lists above this answer "The result is too large". Default 1000. */
  maxUnpaginated?: number;
  /** Cap of workspace and team user lists. Default 2000. */
  userListCap?: number;
  /** Page size of task search without `limit`. Default 20. */
  searchDefaultLimit?: number;
  /** Requests kept in `requests`. Default 100,000. */
  requestLogCapacity?: number;
  /**
   * The token is a service account in an Enterprise+ domain, the only kind Asana lets read
   * `GET /workspaces/{gid}/events` (reference §10). Default false: the workspace stream answers
   * 402 and only per-project and per-task streams (`GET /events?resource=`) work.
   */
  workspaceEvents?: boolean;
}

/**
 * The credentials the simulator accepts.
 *
 * @example
 * ```ts
 * const headers = { authorization: `Bearer ${sim.tokens.personalAccessToken}` };
 * ```
 */
export interface AsanaSimulatorTokens {
  personalAccessToken: string;
  oauth: { clientId: string; clientSecret: string; refreshToken: string };
}

/**
 * A running simulator of the Asana REST API: a real HTTP server on 127.0.0.1 (plus a second one
 * for downloads) over a generated, mutable dataset.
 *
 * @example
 * ```ts
 * const sim = await startAsanaSimulator();
 * const response = await fetch(`${sim.baseUrl}/users/me`, {
 *   headers: { authorization: `Bearer ${sim.tokens.personalAccessToken}` },
 * });
 * await sim.close();
 * ```
 */
export interface AsanaSimulator extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/api/1.0`. */
  readonly baseUrl: string;
  /** `http://127.0.0.1:<port>`: app links and the OAuth endpoints live here. */
  readonly origin: string;
  /** `http://127.0.0.1:<port>/-/oauth_token`. */
  readonly oauthTokenUrl: string;
  /** `http://127.0.0.1:<port>/-/oauth_authorize` (consents at once and redirects with a code). */
  readonly oauthAuthorizeUrl: string;
  /** `http://127.0.0.1:<other port>`: the host `download_url`s point at. */
  readonly downloadOrigin: string;
  readonly data: AsanaDataset;
  readonly tokens: AsanaSimulatorTokens;
  readonly clock: SimulatorClock;
  readonly faults: AsanaFaultInjector;
  readonly requests: AsanaRequestLog;
  /** Makes search and dependencies answer 402 (`false`) or work (`true`) in a workspace. */
  setPremium(workspaceGid: string, premium: boolean): void;
  /** Changes rate limits from now on (`false` disables them). */
  setRateLimit(options: AsanaRateLimitOptions | false): void;
  /** Changes the API latency added to every request. */
  setLatency(ms: number): void;
  /** Lets the token read the workspace event stream (`true`) or refuses it with 402 (`false`). */
  setWorkspaceEvents(enabled: boolean): void;
  /** Changes lifetimes from now on. */
  setOffsetTtl(seconds: number): void;
  setDownloadUrlTtl(seconds: number): void;
  setAccessTokenTtl(seconds: number): void;
  /** Revokes a personal access token, OAuth access token or refresh token. */
  revokeToken(token: string): boolean;
  /** Expires every OAuth access token now (refresh tokens stay valid). */
  expireAccessTokens(): void;
  /** A fresh valid OAuth access token (as after a refresh). */
  issueAccessToken(): string;
  /** One more valid personal access token (with its own rate-limit budget). */
  issuePersonalAccessToken(): string;
  /** A one-time authorization code for `grant_type=authorization_code`. */
  issueAuthorizationCode(options?: {
    redirectUri?: string;
    codeChallenge?: string;
    codeChallengeMethod?: string;
  }): string;
  /** A freshly signed `download_url` for an `asana`-hosted attachment. */
  downloadUrlFor(attachmentGid: string): string;
  /** Dataset mutations with the simulator clock (see {@link AsanaDataset}). */
  addTask(input: AsanaNewTask): AsanaTaskSnapshot;
  updateTask(gid: string, patch: AsanaTaskPatch): AsanaTaskSnapshot;
  deleteTask(gid: string): number;
  moveTask(gid: string, projectGid: string): AsanaTaskSnapshot;
  addAttachment(input: AsanaNewAttachment): AsanaAttachmentRow;
  /** Stops both servers, cutting open (stalled) connections; what `await using` calls. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts a stateful, contract-faithful simulator of the Asana REST API (GET endpoints of tasks,
 * projects, sections, teams, users, workspaces, tags, attachments and task search), its OAuth
 * token endpoint, and a second host serving attachment downloads at signed URLs.
 *
 * @example
 * ```ts
 * const sim = await startAsanaSimulator({ dataset: { preset: 'sandbox' } });
 * const auth = { authorization: `Bearer ${sim.tokens.personalAccessToken}` };
 * const page = await (await fetch(`${sim.baseUrl}/projects?limit=10`, { headers: auth })).json();
 * await sim.close();
 * ```
 */
export async function startAsanaSimulator(options: AsanaSimulatorOptions = {}): Promise<AsanaSimulator> {
  const data =
    options.dataset instanceof AsanaDataset ? options.dataset : generateAsanaDataset(options.dataset);
  const clock = simulatorClockFrom(options.clock, options.startAt);
  data.clock = clock;
  const secret = randomBytes(32);
  const derive = (purpose: string): Buffer => createHmac('sha256', secret).update(purpose).digest();
  const tokens = new AsanaTokenStore(data.me.gid, {
    ...options.oauth,
    ...(options.personalAccessToken === undefined
      ? {}
      : { personalAccessToken: options.personalAccessToken }),
  });
  const offsets = new OffsetCodec(
    derive('offsets'),
    nonNegativeOption('offsetTtlSeconds', options.offsetTtlSeconds ?? 900),
  );
  const limiter = new AsanaRateLimiter(
    options.rateLimit === false ? { enabled: false } : (options.rateLimit ?? {}),
  );
  const faults = new AsanaFaultInjector();
  const requests = new AsanaRequestLog(options.requestLogCapacity);
  let latencyMs = nonNegativeOption('latencyMs', options.latencyMs ?? 0);

  const settings = {
    maxUnpaginated: options.maxUnpaginated ?? 1000,
    userListCap: options.userListCap ?? 2000,
    searchDefaultLimit: options.searchDefaultLimit ?? 20,
    workspaceEvents: options.workspaceEvents === true,
  };
  const apiServer = createServer({ keepAliveTimeout: 5_000 });
  const downloadServer = createServer({ keepAliveTimeout: 5_000 });
  const [apiPort, downloadPort] = await listenLoopback([
    [apiServer, options.port ?? 0],
    [downloadServer, options.downloadPort ?? 0],
  ] as const);
  const origin = `http://127.0.0.1:${apiPort}`;
  const downloadOrigin = `http://127.0.0.1:${downloadPort}`;
  const signer = new DownloadSigner(
    derive('downloads'),
    downloadOrigin,
    nonNegativeOption('downloadUrlTtlSeconds', options.downloadUrlTtlSeconds ?? 120),
  );
  apiServer.on(
    'request',
    createApiHandler({
      data,
      tokens,
      limiter,
      faults,
      log: requests,
      offsets,
      settings,
      latencyMs: () => latencyMs,
      now: () => clock.now(),
      origin,
      downloadOrigin,
      signDownloadUrl: (attachment) => signer.sign(attachment, clock.now()),
    }),
  );
  downloadServer.on(
    'request',
    createDownloadHandler({
      data,
      signer,
      faults,
      log: requests,
      now: () => clock.now(),
      origin: downloadOrigin,
    }),
  );

  const close = (): Promise<void> => closeServers(apiServer, downloadServer);
  return {
    baseUrl: `${origin}/api/1.0`,
    origin,
    oauthTokenUrl: `${origin}/-/oauth_token`,
    oauthAuthorizeUrl: `${origin}/-/oauth_authorize`,
    downloadOrigin,
    data,
    tokens: {
      personalAccessToken: tokens.personalAccessToken,
      oauth: {
        clientId: tokens.clientId,
        clientSecret: tokens.clientSecret,
        refreshToken: tokens.refreshToken,
      },
    },
    clock,
    faults,
    requests,
    setPremium: (workspaceGid, premium) => data.setPremium(workspaceGid, premium),
    setRateLimit: (rateLimit) =>
      limiter.configure(rateLimit === false ? { enabled: false } : { enabled: true, ...rateLimit }),
    setLatency: (ms) => {
      latencyMs = nonNegativeOption('latencyMs', ms);
    },
    setWorkspaceEvents: (enabled) => {
      settings.workspaceEvents = enabled;
    },
    setOffsetTtl: (seconds) => {
      offsets.ttlSeconds = nonNegativeOption('offsetTtlSeconds', seconds);
    },
    setDownloadUrlTtl: (seconds) => {
      signer.ttlSeconds = nonNegativeOption('downloadUrlTtlSeconds', seconds);
    },
    setAccessTokenTtl: (seconds) => {
      tokens.accessTokenTtlSeconds = nonNegativeOption('accessTokenTtlSeconds', seconds);
    },
    revokeToken: (token) => tokens.revoke(token),
    expireAccessTokens: () => tokens.expireAccessTokens(),
    issueAccessToken: () => tokens.issueAccessToken(clock.now()),
    issuePersonalAccessToken: () => tokens.issuePersonalAccessToken(),
    issueAuthorizationCode: (codeOptions) => tokens.issueAuthorizationCode(clock.now(), codeOptions),
    downloadUrlFor: (attachmentGid) => {
      const attachment = data.attachment(attachmentGid);
      if (attachment === undefined || attachment.host !== 'asana') {
        throw new ValidationError(`attachmentGid: no asana-hosted attachment ${attachmentGid}`, {
          details: [
            {
              field: 'attachmentGid',
              message: 'not an asana-hosted attachment',
              error_code: 'invalid_param',
            },
          ],
        });
      }
      return signer.sign(attachment, clock.now());
    },
    addTask: (input) => data.addTask(input),
    updateTask: (gid, patch) => data.updateTask(gid, patch),
    deleteTask: (gid) => data.deleteTask(gid),
    moveTask: (gid, projectGid) => data.moveTask(gid, projectGid),
    addAttachment: (input) => data.addAttachment(input),
    close,
    [Symbol.asyncDispose]: close,
  };
}
