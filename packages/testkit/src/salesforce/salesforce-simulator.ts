import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { faultChecks } from '../core/fault-checks';
import { bearerToken, readBody, sendBody, sendJson } from '../core/http-io';
import { closeServers, listenLoopback } from '../core/loopback-servers';
import { nonNegativeOption } from '../core/non-negative-option';
import { type SimulatorClock, simulatorClockFrom } from '../core/simulator-clock';
import { sleep } from '../core/sleep';
import { handleConsent } from '../oauth/consent-page';
import { type DataReply, routeDataRequest } from './data-endpoints';
import { generateSalesforceDataset, type SalesforceDatasetOptions } from './generate-salesforce-dataset';
import { QueryLocators } from './query-locators';
import { SalesforceDataset, type SalesforceRecord } from './salesforce-dataset';
import { RESOURCE_NOT_FOUND, SalesforceHttpError, SESSION_EXPIRED } from './salesforce-http-error';
import { SalesforceRequestLog } from './salesforce-request-log';
import {
  type SalesforceOAuthOptions,
  type SalesforceTokenError,
  SalesforceTokenStore,
} from './salesforce-token-store';

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

const VERSION_LABELS: Record<string, string> = {
  '59.0': "Winter '24",
  '60.0': "Spring '24",
  '61.0': "Summer '24",
  '62.0': "Winter '25",
  '63.0': "Spring '25",
  '64.0': "Summer '25",
  '65.0': "Winter '26",
  '66.0': "Spring '26",
  '67.0': "Summer '26",
};
const DEFAULT_VERSIONS = Array.from({ length: 13 }, (_, i) => `${55 + i}.0`);
const DATA_PATH = /^\/services\/data\/v(\d+\.\d)(\/.*)?$/;
const JSON_TYPE = 'application/json;charset=UTF-8';

/** A single `bytes=a-b` range within `size`, or undefined (serve everything) or 'invalid'. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size : Math.min(size, Number(to) + 1);
  return start >= size || start >= end ? 'invalid' : { start, end };
}

/**
 * Starts a contract-faithful simulator of the Salesforce REST API (read side) and its OAuth
 * refresh flow, written from the upstream reference: SOQL query/queryAll with locators and batch
 * sizes, sObject rows, describe, blobs, getUpdated/getDeleted, limits, analytics reports, the
 * `Sforce-Limit-Info` header and Salesforce's error arrays.
 *
 * @example
 * ```ts
 * const sim = await startSalesforceSimulator({ oauth: { sessionTtlSeconds: 30 } });
 * // the connector: instanceUrl sim.loginUrl; credentials client_id, client_secret, refresh_token from sim.credentials (camelCase)
 * await sim.close();
 * ```
 */
export async function startSalesforceSimulator(
  options: SalesforceSimulatorOptions = {},
): Promise<SalesforceSimulator> {
  const clock = simulatorClockFrom(options.clock, options.startAt);
  const data =
    options.dataset instanceof SalesforceDataset
      ? options.dataset
      : generateSalesforceDataset({
          referenceTime: Math.floor(clock.now() / 60_000) * 60_000,
          ...options.dataset,
        });
  data.now = () => clock.now();
  const tokens = new SalesforceTokenStore(data.orgId, options.oauth ?? {});
  const versions = new Set(options.apiVersions ?? DEFAULT_VERSIONS);
  const usage = {
    used: nonNegativeOption('apiUsage', options.apiUsage ?? 0),
    max: nonNegativeOption('dailyApiLimit', options.dailyApiLimit ?? 100_000),
  };
  let concurrencyLimit = nonNegativeOption('concurrencyLimit', options.concurrencyLimit ?? 25);
  let latencyMs = nonNegativeOption('latencyMs', options.latencyMs ?? 0);
  let batchCeiling = Number.POSITIVE_INFINITY;
  const locators = new QueryLocators(
    nonNegativeOption('locatorTtlSeconds', options.locatorTtlSeconds ?? 172_800) * 1000,
  );
  const recycleBinMs = nonNegativeOption('recycleBinDays', options.recycleBinDays ?? 15) * 86_400_000;
  const requests = new SalesforceRequestLog();
  const faults: Array<{
    fault: SalesforceFault;
    left: number;
    path?: string | RegExp;
    host?: 'login' | 'instance';
  }> = [];
  let inFlight = 0;

  const make = (): Server =>
    options.tls === undefined
      ? createHttpServer({ keepAliveTimeout: 5_000 })
      : createHttpsServer({ ...options.tls, keepAliveTimeout: 5_000 });
  const loginServer = make();
  const instanceServer = make();
  const [loginPort, instancePort] = await listenLoopback([
    [loginServer, options.loginPort ?? 0],
    [instanceServer, options.instancePort ?? 0],
  ] as const);
  const scheme = options.tls === undefined ? 'http' : 'https';
  const loginUrl = `${scheme}://127.0.0.1:${loginPort}`;
  const instanceUrl = `${scheme}://127.0.0.1:${instancePort}`;

  const takeFault = (host: 'login' | 'instance', path: string): SalesforceFault | undefined => {
    // Every request asks: without a fault queued, nothing is parsed.
    if (faults.length === 0) return undefined;
    const underVersion = DATA_PATH.exec(path)?.[2];
    const index = faults.findIndex(
      (entry) =>
        (entry.host === undefined || entry.host === host) &&
        (entry.path === undefined ||
          (entry.path instanceof RegExp
            ? entry.path.test(path)
            : path.startsWith(entry.path) || underVersion?.startsWith(entry.path) === true)),
    );
    if (index === -1) return undefined;
    const entry = faults[index] as (typeof faults)[number];
    entry.left -= 1;
    if (entry.left <= 0) faults.splice(index, 1);
    return entry.fault;
  };

  const sendErrors = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<void> =>
    sendJson(req, res, status, body, { headers: { 'content-type': JSON_TYPE, ...headers } });

  const tokenEndpoint = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: string,
  ): Promise<void> => {
    const fail = (error: SalesforceTokenError): Promise<void> => sendErrors(req, res, 400, error);
    if (req.method !== 'POST') {
      await fail({ error: 'invalid_request', error_description: 'must use HTTP POST' });
      return;
    }
    // The endpoint also reads query parameters; the body wins.
    const form = new URLSearchParams(url.search);
    for (const [key, value] of new URLSearchParams(body)) form.set(key, value);
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic !== null) {
      const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon !== -1) {
        form.set('client_id', decodeURIComponent(decoded.slice(0, colon)));
        form.set('client_secret', decodeURIComponent(decoded.slice(colon + 1)));
      }
    }
    const grantType = form.get('grant_type');
    if (grantType === null || grantType === '') {
      await fail({ error: 'invalid_request', error_description: 'grant type is missing' });
      return;
    }
    if (grantType !== 'refresh_token' && grantType !== 'authorization_code') {
      await fail({ error: 'unsupported_grant_type', error_description: 'grant type not supported' });
      return;
    }
    const clientError = tokens.checkClient(form.get('client_id'), form.get('client_secret'));
    if (clientError !== undefined) {
      await fail(clientError);
      return;
    }
    const now = clock.now();
    const result =
      grantType === 'refresh_token'
        ? tokens.refresh(now, form.get('refresh_token'))
        : tokens.exchangeCode(now, {
            code: form.get('code'),
            redirectUri: form.get('redirect_uri'),
            codeVerifier: form.get('code_verifier'),
          });
    if ('error' in result) {
      await fail(result);
      return;
    }
    const issuedAt = String(now);
    const id = `${loginUrl}/id/${data.orgId}/${data.apiUserId}`;
    await sendErrors(req, res, 200, {
      access_token: result.accessToken,
      ...(result.refreshToken === undefined ? {} : { refresh_token: result.refreshToken }),
      signature: tokens.sign(id, issuedAt),
      scope: 'scope' in result ? result.scope : 'refresh_token api id',
      instance_url: instanceUrl,
      id,
      token_type: 'Bearer',
      issued_at: issuedAt,
    });
  };

  const versionList = (): unknown =>
    [...versions]
      .sort((a, b) => Number(a) - Number(b))
      .map((version) => ({
        label: VERSION_LABELS[version] ?? `Version ${version}`,
        url: `/services/data/v${version}`,
        version,
      }));

  const serveBlob = async (
    req: IncomingMessage,
    res: ServerResponse,
    reply: Extract<DataReply, { kind: 'blob' }>,
    headers: Record<string, string>,
    fault: SalesforceFault | undefined,
  ): Promise<void> => {
    const size = reply.blob.size;
    const range = parseRange(req.headers.range, size);
    if (range === 'invalid') {
      await sendBody(
        req,
        res,
        416,
        { ...headers, 'content-range': `bytes */${size}`, 'content-length': 0 },
        [],
      );
      return;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size;
    await sendBody(
      req,
      res,
      range === undefined ? 200 : 206,
      {
        ...headers,
        'content-type': reply.contentType,
        'content-length': end - start,
        ...(range === undefined ? {} : { 'content-range': `bytes ${start}-${end - 1}/${size}` }),
      },
      reply.blob.chunks(start, end),
      fault?.kind === 'reset' && fault.afterBytes !== undefined
        ? { kind: 'reset', afterBytes: fault.afterBytes }
        : undefined,
    );
  };

  const dataRequest = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    fault: SalesforceFault | undefined,
  ): Promise<void> => {
    const match = DATA_PATH.exec(url.pathname);
    if (match === null || !versions.has(match[1] as string)) {
      await sendErrors(req, res, 404, [{ errorCode: 'NOT_FOUND', message: RESOURCE_NOT_FOUND }]);
      return;
    }
    const token = bearerToken(req.headers.authorization);
    if (token === undefined || !tokens.authenticate(token, clock.now())) {
      await sendErrors(req, res, 401, SESSION_EXPIRED);
      return;
    }
    if (usage.used >= usage.max) {
      await sendErrors(
        req,
        res,
        403,
        [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
        {
          'sforce-limit-info': `api-usage=${usage.used}/${usage.max}`,
        },
      );
      return;
    }
    usage.used += 1;
    const headers = { 'sforce-limit-info': `api-usage=${usage.used}/${usage.max}` };
    if (inFlight >= concurrencyLimit) {
      await sendErrors(
        req,
        res,
        403,
        [{ message: 'ConcurrentPerOrgLongTxn Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
        headers,
      );
      return;
    }
    inFlight += 1;
    try {
      await sleep(latencyMs + (fault?.kind === 'delay' ? fault.ms : 0));
      if (res.destroyed) return;
      if (fault?.kind === 'error') {
        await sendErrors(
          req,
          res,
          fault.status,
          [{ message: fault.message, errorCode: fault.errorCode }],
          headers,
        );
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        await sendErrors(
          req,
          res,
          405,
          [
            {
              errorCode: 'METHOD_NOT_ALLOWED',
              message: `HTTP Method '${req.method}' not allowed. Allowed are GET,HEAD`,
            },
          ],
          headers,
        );
        return;
      }
      const now = clock.now();
      data.purgeDeletedBefore(now - recycleBinMs);
      let reply: DataReply;
      try {
        reply = routeDataRequest(match[2] ?? '/', {
          data,
          version: match[1] as string,
          versionPath: `/services/data/v${match[1]}`,
          query: url.searchParams,
          headers: req.headers,
          now,
          locators,
          batchCeiling,
          usage,
        });
      } catch (error) {
        if (!(error instanceof SalesforceHttpError)) throw error;
        await sendErrors(req, res, error.status, error.body, headers);
        return;
      }
      if (reply.kind === 'blob') {
        await serveBlob(req, res, reply, headers, fault);
        return;
      }
      const bodyFault =
        fault?.kind === 'reset' && fault.afterBytes !== undefined
          ? { kind: 'reset' as const, afterBytes: fault.afterBytes }
          : undefined;
      await sendJson(req, res, reply.status, reply.body, {
        headers: { 'content-type': JSON_TYPE, ...headers },
        fault: bodyFault,
      });
    } finally {
      inFlight -= 1;
    }
  };

  const handler =
    (host: 'login' | 'instance') =>
    (req: IncomingMessage, res: ServerResponse): void => {
      const url = new URL(req.url ?? '/', host === 'login' ? loginUrl : instanceUrl);
      const entry = requests.begin({
        at: clock.now(),
        host,
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
      });
      res.once('close', () => {
        if (res.headersSent) entry.status = res.statusCode;
      });
      const run = async (): Promise<void> => {
        const isToken = url.pathname === '/services/oauth2/token';
        const body = isToken ? await readBody(req) : undefined;
        if (body !== undefined) entry.body = body;
        const fault = takeFault(host, url.pathname);
        if (fault?.kind === 'reset' && fault.afterBytes === undefined) {
          req.socket.destroy();
          return;
        }
        if (isToken) {
          if (fault?.kind === 'error') {
            await sendErrors(req, res, fault.status, {
              error: fault.errorCode,
              error_description: fault.message,
            });
            return;
          }
          await sleep(fault?.kind === 'delay' ? fault.ms : 0);
          await tokenEndpoint(req, res, url, body ?? '');
          return;
        }
        if (url.pathname === '/services/oauth2/authorize') {
          // The web-server flow's consent screen, on the login host and on the org's own host alike.
          await handleConsent(req, res, url, {
            upstream: 'Salesforce',
            check: (query) =>
              query.get('client_id') === tokens.clientId
                ? undefined
                : 'invalid_client_id: client identifier invalid',
            issueCode: (request) =>
              tokens.issueAuthorizationCode(clock.now(), {
                redirectUri: request.redirectUri,
                scope: request.scope,
                challenge: request.codeChallenge,
                method: request.codeChallengeMethod,
              }),
            denial: { error_description: 'end-user denied authorization' },
          });
          return;
        }
        if (url.pathname === '/services/data' || url.pathname === '/services/data/') {
          await sendErrors(req, res, 200, versionList());
          return;
        }
        const identity = /^\/id\/([^/]+)\/([^/]+)$/.exec(url.pathname);
        if (host === 'login' && identity !== null) {
          const token = bearerToken(req.headers.authorization);
          const user = data.get(identity[2] as string);
          if (token === undefined || !tokens.authenticate(token, clock.now())) {
            await sendErrors(req, res, 403, 'Bad_OAuth_Token');
            return;
          }
          await sendErrors(req, res, user === undefined ? 404 : 200, {
            id: url.toString(),
            user_id: identity[2],
            organization_id: identity[1],
            username: user?.Username ?? null,
            display_name: user?.Name ?? null,
            email: user?.Email ?? null,
          });
          return;
        }
        if (host === 'login') {
          // Data calls must go to the instance_url of the token response, not the login host.
          await sendErrors(req, res, 404, [{ errorCode: 'NOT_FOUND', message: RESOURCE_NOT_FOUND }]);
          return;
        }
        await dataRequest(req, res, url, fault);
      };
      run().catch(() => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        void sendErrors(req, res, 500, [
          {
            errorCode: 'UNKNOWN_EXCEPTION',
            message:
              'An unexpected error occurred. Please include this ErrorId if you contact support: 1234567890-1 (-1)',
          },
        ]);
      });
    };
  loginServer.on('request', handler('login'));
  instanceServer.on('request', handler('instance'));

  const credentials = {
    clientId: tokens.clientId,
    clientSecret: tokens.clientSecret,
    refreshToken: tokens.refreshToken,
  };
  const close = (): Promise<void> => closeServers(loginServer, instanceServer);
  return {
    loginUrl,
    instanceUrl,
    tokenUrl: `${loginUrl}/services/oauth2/token`,
    authorizeUrl: `${loginUrl}/services/oauth2/authorize`,
    data,
    clock,
    requests,
    credentials,
    usage,
    refresh: async () => {
      const now = clock.now();
      const result = tokens.refresh(now, tokens.refreshToken);
      if ('error' in result) throw new Error(`refresh refused: ${result.error}`);
      return {
        access_token: result.accessToken,
        instance_url: instanceUrl,
        ...(result.refreshToken === undefined ? {} : { refresh_token: result.refreshToken }),
      };
    },
    issueAccessToken: () => tokens.issueAccessToken(clock.now()),
    expireSessions: () => tokens.expireSessions(),
    revokeToken: (token) => tokens.revoke(token),
    setSessionTtl: (seconds) => {
      tokens.sessionTtlSeconds = nonNegativeOption('sessionTtlSeconds', seconds);
    },
    setRotateRefreshTokens: (rotate) => {
      tokens.rotateRefreshTokens = rotate;
    },
    setApiUsage: (used, max) => {
      usage.used = nonNegativeOption('apiUsage', used);
      if (max !== undefined) usage.max = nonNegativeOption('dailyApiLimit', max);
    },
    setLatency: (ms) => {
      latencyMs = nonNegativeOption('latencyMs', ms);
    },
    setConcurrencyLimit: (limit) => {
      concurrencyLimit = nonNegativeOption('concurrencyLimit', limit);
    },
    setBatchCeiling: (size) => {
      batchCeiling =
        size === undefined ? Number.POSITIVE_INFINITY : Math.max(1, nonNegativeOption('batchCeiling', size));
    },
    expireQueryLocators: () => locators.expireAll(),
    inject: (fault, faultOptions = {}) => {
      checkSalesforceFault(fault, faultOptions);
      faults.push({ fault, left: faultOptions.times ?? 1, path: faultOptions.path, host: faultOptions.host });
    },
    insert: (type, fields) => data.insert(type, fields),
    update: (id, patch) => data.update(id, patch),
    delete: (id) => data.delete(id),
    purge: (id) => data.purge(id),
    close,
    [Symbol.asyncDispose]: close,
  };
}
