import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { readBody, sendBody } from '../core/http-io';
import { sleep } from '../core/sleep';
import { handleConsent } from '../oauth/consent-page';
import { serializeJson } from './raw-json';
import type { ZendeskDataset } from './zendesk-dataset';
import type { ZendeskFaultQueue } from './zendesk-fault-queue';
import { ZENDESK_ERRORS, ZendeskHttpError } from './zendesk-http-error';
import type { ZendeskRateLimiter } from './zendesk-rate-limiter';
import type { ZendeskRequestLog } from './zendesk-request-log';
import { matchZendeskRoute, type RouteContext } from './zendesk-routes';
import type { StorageSigner } from './zendesk-storage-host';
import type { ZendeskTokenStore } from './zendesk-token-store';

/** What the API host needs. */
export interface ZendeskApiDependencies {
  data: ZendeskDataset;
  tokens: ZendeskTokenStore;
  limiter: ZendeskRateLimiter;
  faults: ZendeskFaultQueue;
  log: ZendeskRequestLog;
  signer: StorageSigner;
  origin: string;
  now(): number;
  settings: {
    maxPageSize: number;
    clampPageSize: boolean;
    exportDelaySeconds: number;
    latencyMs: number;
    nestedForbidden: boolean;
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const API_PREFIX = '/api/v2';

async function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
): Promise<void> {
  if (res.destroyed) return;
  const text = serializeJson(body);
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text), ...headers });
  if (req.method === 'HEAD') res.end();
  else res.end(text);
}

async function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  headers: OutgoingHttpHeaders = {},
  type = 'text/plain; charset=utf-8',
): Promise<void> {
  const body = Buffer.from(text);
  await sendBody(req, res, status, { 'content-type': type, 'content-length': body.length, ...headers }, [
    body,
  ]);
}

/**
 * The account host: the Support API under `/api/v2` (auth, rate limits, routing, Zendesk's error
 * bodies), the OAuth consent screen `/oauth/authorizations/new` and token endpoint
 * `POST /oauth/tokens`, and the attachment `content_url`s
 * (`/attachments/token/{token}/`), which answer 302 to the storage host.
 *
 * @example
 * ```ts
 * apiServer.on('request', createZendeskApiHandler(deps));
 * ```
 */
export function createZendeskApiHandler(
  deps: ZendeskApiDependencies,
): (req: IncomingMessage, res: ServerResponse) => void {
  const emailOf = (userId: number): string | undefined => deps.data.userById.get(userId)?.email;
  return (req, res) => {
    const url = new URL(req.url ?? '/', deps.origin);
    const method = req.method ?? 'GET';
    const entry = deps.log.recordExchange('api', req, res, url, deps.now());
    const run = async (): Promise<void> => {
      const fault = deps.faults.take(url.pathname);
      if (fault !== undefined) {
        if (fault.kind === 'reset') {
          req.socket.destroy();
          return;
        }
        if (fault.kind === 'delay') await sleep(fault.ms);
        else {
          const headers: OutgoingHttpHeaders =
            fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
          if (fault.body !== undefined)
            await sendText(req, res, fault.status, fault.body, headers, fault.contentType);
          else if (fault.status === 429) await sendText(req, res, 429, 'Too Many Requests', headers);
          else
            await sendJson(
              req,
              res,
              fault.status,
              fault.status >= 500
                ? { error: 'InternalError', description: 'Something went wrong' }
                : ZENDESK_ERRORS.forbidden,
              headers,
            );
          return;
        }
      }
      if (url.pathname === '/oauth/authorizations/new') {
        await handleConsent(req, res, url, {
          upstream: 'Zendesk',
          check: (query) =>
            query.get('client_id') === deps.tokens.clientId ? undefined : 'unknown client_id',
          // The account owner signs in and approves; the code carries the scopes asked for.
          issueCode: (request) =>
            deps.tokens.issueAuthorizationCode(
              deps.data.owner.id,
              deps.now(),
              (request.scope ?? 'read').split(' ').filter((scope) => scope !== ''),
              request.redirectUri,
              { challenge: request.codeChallenge, method: request.codeChallengeMethod },
            ),
        });
        return;
      }
      if (url.pathname === '/oauth/tokens' && method === 'POST') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        } catch {
          await sendJson(req, res, 400, {
            error: 'invalid_request',
            error_description: 'The request body must be JSON.',
          });
          return;
        }
        const answer = deps.tokens.exchange(body, deps.now());
        await sendJson(req, res, answer.status, answer.body);
        return;
      }
      const auth = deps.tokens.authenticate(req.headers.authorization, deps.now(), emailOf);
      const content = /^\/attachments\/token\/([^/]+)\/?$/.exec(url.pathname);
      if (content !== null && method === 'GET') {
        if (!auth.ok) {
          await sendJson(req, res, 401, ZENDESK_ERRORS.unauthenticated);
          return;
        }
        const attachment = [...deps.data.attachmentById.values()].find((a) => a.token === content[1]);
        if (attachment === undefined || deps.data.ticket(attachment.ticketId) === undefined) {
          await sendText(
            req,
            res,
            404,
            "<html><body>The page you were looking for doesn't exist.</body></html>",
            {},
            'text/html; charset=utf-8',
          );
          return;
        }
        await sendBody(
          req,
          res,
          302,
          { location: deps.signer.sign(attachment, deps.now()), 'content-length': 0 },
          [],
        );
        return;
      }
      if (!(url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`))) {
        await sendText(
          req,
          res,
          404,
          '<html><body><h1>Help Center Closed</h1></body></html>',
          {},
          'text/html; charset=utf-8',
        );
        return;
      }
      if (!auth.ok) {
        await sendJson(req, res, 401, ZENDESK_ERRORS.unauthenticated);
        return;
      }
      const match =
        method === 'GET' || method === 'HEAD'
          ? matchZendeskRoute(url.pathname.slice(API_PREFIX.length))
          : undefined;
      if (match !== undefined) entry.route = match.route.template;
      const admission = deps.limiter.admit(deps.now(), match?.route.bucket);
      const limitHeaders: OutgoingHttpHeaders = {
        'x-rate-limit': String(deps.limiter.limits.perMinute),
        'x-rate-limit-remaining': String(admission.ok ? admission.remaining : 0),
      };
      if (!admission.ok) {
        await sendText(req, res, 429, 'Too Many Requests', {
          ...limitHeaders,
          'retry-after': String(admission.retryAfterSeconds),
        });
        return;
      }
      if (match?.route.list === true) {
        limitHeaders['ratelimit-limit'] = String(admission.limit);
        limitHeaders['ratelimit-remaining'] = String(admission.remaining);
        limitHeaders['ratelimit-reset'] = String(admission.resetSeconds);
        if (match.route.template === '/tickets') {
          limitHeaders['zendesk-ratelimit-tickets-index'] =
            `total=${admission.limit}; remaining=${admission.remaining}; resets=${admission.resetSeconds}`;
        }
      }
      await sleep(deps.settings.latencyMs);
      if (match === undefined) {
        await sendJson(req, res, 404, { error: 'InvalidEndpoint', description: 'Not found' }, limitHeaders);
        return;
      }
      const user = deps.data.userById.get(auth.userId);
      const scoped = auth.scopes.includes('read') || auth.scopes.includes(`${match.route.resource}:read`);
      if (!scoped || (match.route.adminOnly === true && user?.role !== 'admin')) {
        await sendJson(
          req,
          res,
          403,
          deps.settings.nestedForbidden ? ZENDESK_ERRORS.forbiddenNested : ZENDESK_ERRORS.forbidden,
          limitHeaders,
        );
        return;
      }
      const ctx: RouteContext = {
        data: deps.data,
        params: match.params,
        url,
        query: url.searchParams,
        urls: { api: `${deps.origin}${API_PREFIX}`, origin: deps.origin },
        list: { url, maxPageSize: deps.settings.maxPageSize, clampPageSize: deps.settings.clampPageSize },
        meId: auth.userId,
        exportDelaySeconds: deps.settings.exportDelaySeconds,
      };
      try {
        await sendJson(req, res, 200, match.route.handler(ctx), limitHeaders);
      } catch (error) {
        if (!(error instanceof ZendeskHttpError)) throw error;
        await sendJson(req, res, error.status, error.responseBody, { ...limitHeaders, ...error.headers });
      }
    };
    run().catch(() => {
      if (res.headersSent) res.destroy();
      else void sendJson(req, res, 500, { error: 'InternalError', description: 'Something went wrong' });
    });
  };
}
