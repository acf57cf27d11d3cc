import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readBody } from '../core/http-io';
import { closeServers, listenLoopback } from '../core/loopback-servers';
import { nonNegativeOption } from '../core/non-negative-option';
import { simulatorClockFrom } from '../core/simulator-clock';
import { DEFAULT_VERSIONS } from './data-request';
import { generateSalesforceDataset } from './generate-salesforce-dataset';
import { HOST_ROUTES, TOKEN_PATH } from './host-routes';
import { QueryLocators } from './query-locators';
import { SalesforceDataset } from './salesforce-dataset';
import {
  SalesforceFaultQueue,
  type SalesforceHostName,
  type SalesforceHostState,
  sendSalesforceJson,
} from './salesforce-host';
import { SalesforceRequestLog } from './salesforce-request-log';
import type { SalesforceSimulator, SalesforceSimulatorOptions } from './salesforce-simulator-options';
import { SalesforceTokenStore } from './salesforce-token-store';

export type {
  SalesforceFault,
  SalesforceFaultOptions,
  SalesforceSimulator,
  SalesforceSimulatorClock,
  SalesforceSimulatorOptions,
} from './salesforce-simulator-options';

const UNKNOWN_EXCEPTION = [
  {
    errorCode: 'UNKNOWN_EXCEPTION',
    message:
      'An unexpected error occurred. Please include this ErrorId if you contact support: 1234567890-1 (-1)',
  },
];

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
  const state: SalesforceHostState = {
    clock,
    data,
    tokens: new SalesforceTokenStore(data.orgId, options.oauth ?? {}),
    versions: new Set(options.apiVersions ?? DEFAULT_VERSIONS),
    usage: {
      used: nonNegativeOption('apiUsage', options.apiUsage ?? 0),
      max: nonNegativeOption('dailyApiLimit', options.dailyApiLimit ?? 100_000),
    },
    limits: {
      concurrency: nonNegativeOption('concurrencyLimit', options.concurrencyLimit ?? 25),
      latencyMs: nonNegativeOption('latencyMs', options.latencyMs ?? 0),
      batchCeiling: Number.POSITIVE_INFINITY,
      inFlight: 0,
    },
    locators: new QueryLocators(
      nonNegativeOption('locatorTtlSeconds', options.locatorTtlSeconds ?? 172_800) * 1000,
    ),
    recycleBinMs: nonNegativeOption('recycleBinDays', options.recycleBinDays ?? 15) * 86_400_000,
    requests: new SalesforceRequestLog(),
    faults: new SalesforceFaultQueue(),
    loginUrl: `${scheme}://127.0.0.1:${loginPort}`,
    instanceUrl: `${scheme}://127.0.0.1:${instancePort}`,
  };
  const { tokens, usage, limits, locators, requests, loginUrl, instanceUrl } = state;

  const handler =
    (host: SalesforceHostName) =>
    (req: IncomingMessage, res: ServerResponse): void => {
      const url = new URL(req.url ?? '/', host === 'login' ? loginUrl : instanceUrl);
      const exchange = { host, req, res, url };
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
        const body = url.pathname === TOKEN_PATH ? await readBody(req) : undefined;
        if (body !== undefined) entry.body = body;
        const fault = state.faults.take(host, url.pathname);
        if (fault?.kind === 'reset' && fault.afterBytes === undefined) {
          req.socket.destroy();
          return;
        }
        const route = HOST_ROUTES.find((candidate) => candidate.matches(exchange))!;
        await route.serve(state, { exchange, fault, body });
      };
      run().catch(() => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        void sendSalesforceJson(exchange, 500, UNKNOWN_EXCEPTION);
      });
    };
  loginServer.on('request', handler('login'));
  instanceServer.on('request', handler('instance'));

  const close = (): Promise<void> => closeServers(loginServer, instanceServer);
  return {
    loginUrl,
    instanceUrl,
    tokenUrl: `${loginUrl}${TOKEN_PATH}`,
    authorizeUrl: `${loginUrl}/services/oauth2/authorize`,
    data,
    clock,
    requests,
    credentials: {
      clientId: tokens.clientId,
      clientSecret: tokens.clientSecret,
      refreshToken: tokens.refreshToken,
    },
    usage,
    refresh: async () => {
      const result = tokens.refresh(clock.now(), tokens.refreshToken);
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
      limits.latencyMs = nonNegativeOption('latencyMs', ms);
    },
    setConcurrencyLimit: (limit) => {
      limits.concurrency = nonNegativeOption('concurrencyLimit', limit);
    },
    setBatchCeiling: (size) => {
      limits.batchCeiling =
        size === undefined ? Number.POSITIVE_INFINITY : Math.max(1, nonNegativeOption('batchCeiling', size));
    },
    expireQueryLocators: () => locators.expireAll(),
    inject: (fault, faultOptions = {}) => state.faults.push(fault, faultOptions),
    insert: (type, fields) => data.insert(type, fields),
    update: (id, patch) => data.update(id, patch),
    delete: (id) => data.delete(id),
    purge: (id) => data.purge(id),
    close,
    [Symbol.asyncDispose]: close,
  };
}
