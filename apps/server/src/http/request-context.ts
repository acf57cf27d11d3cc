import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../logging/logger';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { AppEnv } from './app-env';
import { withHeader } from './json-response';
import { loggedPath } from './logged-path';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The registered path of the route that answered (`/v1/integrations/connectors/:id`), or `unmatched`. */
function routeLabel(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  for (let index = routes.length - 1; index >= 0; index -= 1) {
    const route = routes[index]!;
    if (route.method !== 'ALL') return route.path;
  }
  return 'unmatched';
}

function setHeader(c: Context<AppEnv>, name: string, value: string): void {
  const response = withHeader(c.res, name, value);
  // Assigning `c.res` copies the response: only a response that had to be copied is assigned.
  if (response !== c.res) c.res = response;
}

/** Options of {@link requestContext}. */
export interface RequestContextOptions {
  readonly logger: Logger;
  readonly metrics: ServerMetrics;
  /** True once shutdown began: responses then close their connection. */
  readonly isDraining: () => boolean;
}

/**
 * The outermost middleware: assigns the request id (a well-formed incoming `x-request-id` is kept,
 * otherwise one is generated) and echoes it, binds the request's logger, and when the response is
 * ready records the request metrics and writes one log line (method, redacted path, route, status,
 * duration, caller), never a body.
 *
 * @example
 * ```ts
 * app.use('*', requestContext({ logger, metrics, isDraining: () => draining }));
 * ```
 */
export function requestContext(options: RequestContextOptions): MiddlewareHandler<AppEnv> {
  const { logger, metrics } = options;
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    // Built lazily by the logger: most requests log nothing besides their one line below.
    c.set('logger', logger.child({ request_id: requestId }));
    c.set('caller', undefined);
    metrics.httpInFlight.inc();
    try {
      await next();
    } finally {
      metrics.httpInFlight.dec();
    }
    setHeader(c, 'x-request-id', requestId);
    if (options.isDraining()) setHeader(c, 'connection', 'close');
    const seconds = (performance.now() - started) / 1000;
    const route = routeLabel(c);
    const status = c.res.status;
    metrics.httpRequests.inc({ method: c.req.method, route, status });
    metrics.httpDuration.observe({ method: c.req.method, route }, seconds);
    const caller = c.get('caller');
    // The parent logger with the id as a field: no child logger is built for the common line.
    logger.info('request', {
      request_id: requestId,
      method: c.req.method,
      path: loggedPath(c.req.url),
      route,
      status,
      duration_ms: Math.round(seconds * 100_000) / 100,
      ...(caller ? { application_id: caller.applicationId, caller_kind: caller.kind } : {}),
    });
  };
}
