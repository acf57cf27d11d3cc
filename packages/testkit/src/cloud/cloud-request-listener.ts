import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import { redactHeaders, redactValue } from '@conduit/protocol';
import type { CloudFaultInjector, CloudFaultSpec } from './cloud-fault-injector';
import type { CloudRequestLog } from './cloud-request-log';
import { type ReceivedBody, readRequestBody, sendEmpty, sendJson } from './http-io';
import { problemBody } from './problem-responses';
import type { PlatformServices, RouteHandler, RouteResult } from './route-context';
import type { ApiSurface, RouteTable } from './route-table';
import { SimulatedHttpError } from './simulated-http-error';

/** The roots the simulator serves, longest first so `/api/public/v1` wins over `/api/v1`. */
const mounts: Array<{ prefix: string; api: ApiSurface }> = [
  { prefix: '/api/public/v1', api: 'public' },
  { prefix: '/api/v1', api: 'config' },
  { prefix: '/v1', api: 'public' },
];

/** How the listener is wired. */
export interface ListenerOptions {
  services: PlatformServices;
  routes: RouteTable<RouteHandler>;
  requests: CloudRequestLog;
  faults: CloudFaultInjector;
  /** `http://127.0.0.1:<port>`, the origin of absolute page links. */
  origin: () => string;
  /** Replaces origin + root in page links, to test clients that must not trust the link host. */
  pageLinkBase: string | undefined;
  /** The security layer's 401 carries no body; `problem` sends `invalid-api-key` instead. */
  unauthorizedBody: 'empty' | 'problem';
  /** Real-time waits of delay faults, cut short when the simulator closes. */
  delays: Set<() => void>;
}

/**
 * Builds the `node:http` request listener: finds the API root and route, applies injected
 * faults, checks the bearer token, runs the handler and logs the exchange.
 *
 * @example
 * ```ts
 * const server = createServer(createCloudRequestListener(options));
 * ```
 */
export function createCloudRequestListener(
  options: ListenerOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    handle(options, request, response).catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) {
        sendJson(response, 500, problemBody('unexpected-problem', { data: { message: String(error) } }));
      }
    });
  };
}

async function handle(
  options: ListenerOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { services, routes, requests, faults } = options;
  const url = new URL(request.url ?? '/', options.origin());
  const method = (request.method ?? 'GET').toUpperCase();
  const mount = mounts.find(
    (candidate) => url.pathname === candidate.prefix || url.pathname.startsWith(`${candidate.prefix}/`),
  );
  const relative = mount ? url.pathname.slice(mount.prefix.length) || '/' : url.pathname;
  const lookup = mount ? routes.lookup(mount.api, method, relative) : ({ kind: 'not-found' } as const);
  const route = lookup.kind === 'found' ? lookup.route : undefined;
  const params = lookup.kind === 'found' ? lookup.params : {};

  let received: ReceivedBody = { text: '', value: undefined };
  let bodyError: SimulatedHttpError | undefined;
  try {
    received = await readRequestBody(request);
  } catch (error) {
    bodyError =
      error instanceof SimulatedHttpError ? error : new SimulatedHttpError(400, { message: String(error) });
  }

  const log = (status: number, faulted: boolean): void => {
    const query: Record<string, string[]> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key);
    requests.record({
      at: services.clock.now(),
      method,
      path: url.pathname,
      api: mount?.api,
      route: route?.path,
      operationId: route?.operationId,
      params,
      query,
      headers: redactHeaders(flattenHeaders(request)),
      body: redactValue(received.value),
      status,
      faulted,
    });
  };
  const answer = (result: RouteResult, faulted = false): void => {
    log(result.status, faulted);
    if (response.destroyed) return;
    if (result.body === undefined) sendEmpty(response, result.status, result.headers);
    else sendJson(response, result.status, result.body, result.headers);
  };

  const fault = faults.take({ method, api: mount?.api, operationId: route?.operationId, path: url.pathname });
  if (fault?.delayMs !== undefined && fault.delayMs > 0) await delay(options.delays, fault.delayMs);
  if (fault?.dropConnection) {
    log(0, true);
    request.socket.destroy();
    return;
  }
  if (fault?.status !== undefined) {
    answer(faultResult(fault, mount?.api ?? 'public'), true);
    return;
  }

  if (lookup.kind === 'not-found') {
    answer({
      status: 404,
      body: { message: 'Not Found', _embedded: { errors: [{ message: `Page Not Found: ${url.pathname}` }] } },
    });
    return;
  }
  if (lookup.kind === 'method-not-allowed') {
    answer({
      status: 405,
      body: {
        message: 'Method Not Allowed',
        _embedded: { errors: [{ message: `Method [${method}] not allowed` }] },
      },
      headers: { allow: lookup.allowed.join(', ') },
    });
    return;
  }
  if (route?.authenticated) {
    const verdict = services.authority.verify(flattenHeaders(request).authorization);
    if (verdict !== 'valid') {
      answer(
        options.unauthorizedBody === 'empty'
          ? { status: 401, headers: { 'www-authenticate': 'Bearer' } }
          : { status: 401, body: problemBody('invalid-api-key'), headers: { 'www-authenticate': 'Bearer' } },
      );
      return;
    }
  }
  if (bodyError) {
    answer({ status: bodyError.status ?? 400, body: bodyError.body, headers: bodyError.headers });
    return;
  }
  try {
    const result = await lookup.route.handler({
      services,
      params,
      query: url.searchParams,
      body: received.value,
      linkBase: options.pageLinkBase ?? `${options.origin()}${mount?.prefix ?? ''}`,
    });
    answer(result);
  } catch (error) {
    if (error instanceof SimulatedHttpError) {
      answer({ status: error.status ?? 500, body: error.body, headers: error.headers });
    } else {
      const message = error instanceof Error ? error.message : String(error);
      answer({
        status: 500,
        body:
          mount?.api === 'config'
            ? {
                message,
                exceptionClassName: 'java.lang.RuntimeException',
                exceptionStack: [],
                rootCauseExceptionStack: [],
              }
            : problemBody('unexpected-problem', { data: { message } }),
      });
    }
  }
}

function flattenHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function delay(pending: Set<() => void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      pending.delete(finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    pending.add(finish);
  });
}

/** The body and headers an injected status answers with, shaped like the real layer that would. */
function faultResult(fault: CloudFaultSpec, api: ApiSurface): RouteResult {
  const status = fault.status as number;
  const headers: Record<string, string> = {};
  const retryAfter = fault.retryAfterSeconds ?? (status === 429 ? 1 : undefined);
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  if (fault.body === null) return { status, headers };
  if (fault.body !== undefined) return { status, body: fault.body, headers };
  if (status === 401) return { status, headers };
  if (api === 'config' || status === 429 || status === 502 || status === 504 || status >= 600) {
    return { status, body: { message: STATUS_CODES[status] ?? 'Error' }, headers };
  }
  const kind =
    status === 403
      ? 'forbidden'
      : status === 404
        ? 'resource-not-found'
        : status === 408
          ? 'request-timeout-exceeded'
          : status === 409
            ? 'try-again-later'
            : status === 503
              ? 'service-unavailable'
              : status >= 500
                ? 'unexpected-problem'
                : 'bad-request';
  return { status, body: problemBody(kind), headers };
}
