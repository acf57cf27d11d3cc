import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BodyFault, bearerToken, readBody, sendBody, sendJson } from '../core/http-io';
import { sleep } from '../core/sleep';
import type { ApiContext, EndpointSettings } from './api-context';
import { matchAsanaRoute } from './api-routes';
import type { AsanaDataset } from './asana-dataset';
import { AsanaHttpError, asanaErrorBody } from './asana-http-error';
import type { AsanaFaultInjector, AsanaRequestTarget } from './fault-injector';
import { incidentPhrase, RATE_LIMIT_MESSAGE, statusFaultResponse } from './fault-responses';
import { handleAuthorizeRequest, handleRevokeRequest, handleTokenRequest } from './oauth-endpoint';
import type { OffsetCodec } from './offset-token';
import { parseOptFields } from './opt-fields';
import type { AsanaRateLimiter } from './rate-limiter';
import type { RecordContext } from './record-context';
import { type AsanaRequestLog, queryRecord } from './request-log';
import type { AsanaTokenStore } from './token-store';

/** What the API host needs. */
export interface ApiHostDependencies {
  data: AsanaDataset;
  tokens: AsanaTokenStore;
  limiter: AsanaRateLimiter;
  faults: AsanaFaultInjector;
  log: AsanaRequestLog;
  offsets: OffsetCodec;
  settings: EndpointSettings;
  /** Added to every API request after admission, in real milliseconds. */
  latencyMs(): number;
  now(): number;
  origin: string;
  downloadOrigin: string;
  signDownloadUrl: RecordContext['signDownloadUrl'];
}

const API_PREFIX = '/api/1.0';
const NO_ROUTE = 'No matching route for request';

function targetOf(pathname: string): AsanaRequestTarget {
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return 'api';
  if (pathname.startsWith('/-/oauth_')) return 'oauth';
  return 'app';
}

function pretty(query: URLSearchParams): boolean {
  const value = query.get('opt_pretty');
  return value !== null && value !== 'false';
}

async function serveApp(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  // `permanent_url` only works for a signed-in browser session, which an API client never has.
  const forbidden = url.pathname === '/app/asana/-/get_asset';
  const page = Buffer.from(
    forbidden
      ? '<html><body><h1>Forbidden</h1><p>Sign in to Asana in a browser to open this file.</p></body></html>'
      : '<html><body><h1>Not found</h1></body></html>',
  );
  await sendBody(
    req,
    res,
    forbidden ? 403 : 404,
    { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length },
    [page],
  );
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  apiPath: string,
  deps: ApiHostDependencies,
  bodyFault: BodyFault | undefined,
  delayMs: number,
  onRoute: (template: string) => void,
): Promise<void> {
  const method = req.method ?? 'GET';
  const query = url.searchParams;
  const isPretty = pretty(query);
  const token = bearerToken(req.headers.authorization);
  const verdict = token === undefined ? 'invalid' : deps.tokens.authenticate(token, deps.now());
  if (token === undefined || verdict !== 'ok') {
    await sendJson(req, res, 401, { errors: [{ message: 'Not Authorized' }] }, { pretty: isPretty });
    return;
  }
  const match = matchAsanaRoute(method, apiPath);
  if (match !== undefined) onRoute(match.route.template);
  const admission = deps.limiter.admit(token, deps.now(), { method, search: match?.route.search === true });
  if (!admission.ok) {
    await sendJson(req, res, 429, asanaErrorBody(RATE_LIMIT_MESSAGE), {
      pretty: isPretty,
      headers: { 'retry-after': String(admission.retryAfterSeconds) },
    });
    return;
  }
  res.once('close', admission.release);
  await sleep(delayMs + deps.latencyMs());
  if (res.destroyed) return;
  if (match === undefined) {
    await sendJson(req, res, 404, asanaErrorBody(NO_ROUTE), { pretty: isPretty });
    return;
  }
  const now = deps.now();
  const records: RecordContext = {
    data: deps.data,
    appOrigin: deps.origin,
    downloadOrigin: deps.downloadOrigin,
    now,
    signDownloadUrl: deps.signDownloadUrl,
  };
  const ctx: ApiContext = {
    data: deps.data,
    apiPath,
    params: match.params,
    query,
    fields: parseOptFields(query),
    records,
    list: {
      apiPath,
      query,
      baseUrl: `${deps.origin}${API_PREFIX}`,
      now,
      offsets: deps.offsets,
      maxUnpaginated: deps.settings.maxUnpaginated,
    },
    settings: deps.settings,
  };
  let status = 200;
  let body: unknown;
  let headers: Record<string, string> = {};
  try {
    body = match.route.handler(ctx);
  } catch (error) {
    if (!(error instanceof AsanaHttpError)) throw error;
    status = error.status;
    body = error.responseBody;
    headers = error.headers;
  }
  await sendJson(req, res, status, body, { pretty: isPretty, headers, fault: bodyFault });
}

/**
 * The main host: the REST API under `/api/1.0` (auth, rate limits, routing, errors), the OAuth
 * endpoints under `/-/`, and the app pages `permanent_url`s point at. Every request is logged and
 * may be hit by an injected fault first.
 *
 * @example
 * ```ts
 * const server = createServer(createApiHandler(deps));
 * ```
 */
export function createApiHandler(
  deps: ApiHostDependencies,
): (req: IncomingMessage, res: ServerResponse) => void {
  let incidents = 0;
  return (req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', deps.origin);
    const method = req.method ?? 'GET';
    const target = targetOf(url.pathname);
    const path = target === 'api' ? url.pathname.slice(API_PREFIX.length) || '/' : url.pathname;
    const entry = deps.log.begin({
      at: deps.now(),
      target,
      method,
      path,
      query: queryRecord(url.searchParams),
      headers: req.headers,
    });
    res.once('close', () => {
      deps.log.finish(entry, res.headersSent ? res.statusCode : undefined, performance.now() - started);
    });
    const run = async (): Promise<void> => {
      const body = target === 'oauth' && method === 'POST' ? await readBody(req) : undefined;
      if (body !== undefined) entry.body = body;
      const fault = deps.faults.take(target, method, path);
      let bodyFault: BodyFault | undefined;
      let delayMs = 0;
      if (fault !== undefined) {
        entry.fault = fault.kind;
        switch (fault.kind) {
          case 'status': {
            incidents += 1;
            const canned = statusFaultResponse(fault, incidents);
            await sendBody(req, res, canned.status, canned.headers, [canned.body]);
            return;
          }
          case 'delay':
            delayMs = fault.ms;
            break;
          case 'reset':
          case 'stall':
            if (fault.afterBytes === undefined) {
              // A reset drops the connection at once; a stall just never answers.
              if (fault.kind === 'reset') req.socket.destroy();
              return;
            }
            bodyFault = { kind: fault.kind, afterBytes: fault.afterBytes };
            break;
        }
      }
      if (target === 'oauth') {
        await sleep(delayMs);
        const oauth = { data: deps.data, tokens: deps.tokens, now: deps.now };
        if (url.pathname === '/-/oauth_token') await handleTokenRequest(req, res, body ?? '', oauth);
        else if (url.pathname === '/-/oauth_revoke') await handleRevokeRequest(req, res, body ?? '', oauth);
        else if (url.pathname === '/-/oauth_authorize') await handleAuthorizeRequest(req, res, url, oauth);
        else await serveApp(req, res, url);
        return;
      }
      if (target === 'app') {
        await sleep(delayMs);
        await serveApp(req, res, url);
        return;
      }
      await serveApi(req, res, url, path, deps, bodyFault, delayMs, (template) => {
        entry.route = template;
      });
    };
    run().catch((error: unknown) => {
      // A simulator bug: answer like Asana's own 500 and keep the reason for the test to read.
      entry.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
      incidents += 1;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      void sendJson(req, res, 500, {
        errors: [{ message: 'Server Error', phrase: incidentPhrase(incidents) }],
      });
    });
  };
}
