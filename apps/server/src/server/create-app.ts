import { type Context, Hono } from 'hono';
import { registerConnectPageRoutes } from '../connect/connect-page-routes';
import type { ServerExtension } from '../extensions/server-extension';
import type { ServerServices } from '../extensions/server-services';
import type { AppEnv } from '../http/app-env';
import { authenticate } from '../http/authenticate';
import { errorResponse } from '../http/error-response';
import { jsonResponse } from '../http/json-response';
import { incomingOf, type NodeBindings } from '../http/node-bindings';
import { rateLimitHeaders } from '../http/rate-limit-headers';
import { assertDeclaredLength } from '../http/read-json-body';
import { requestContext } from '../http/request-context';
import { refuseUnstorableInput, refuseUnstorablePath } from '../http/storable-text';
import { registerAdminRoutes } from '../routes/admin-routes';
import { registerConnectSessionRoutes } from '../routes/connect-session-routes';
import { type DescribeSync, registerConnectorRoutes } from '../routes/connector-routes';
import { registerOpsRoutes } from '../routes/ops-routes';
import { registerTokenRoutes } from '../routes/token-routes';
import { traceRequests } from '../tracing/server-spans';
import { createServerServices, type ServerServicesOptions } from './create-server-services';

/**
 * Path prefixes whose every route needs a bearer token (and counts against the rate limit).
 *
 * @example
 * ```ts
 * // A feature's route under a prefix is authenticated without doing anything:
 * app.post('/api/v1/connectors/sources/:id/execute', (c) => handle(requireCaller(c)));
 * ```
 */
export const AUTHENTICATED_PREFIXES = [
  '/v1/integrations/*',
  '/api/v1/integrations/*',
  '/api/v1/connectors/*',
] as const;

// Routes whose path carries a connector id, checked once routing has named it.
const CONNECTOR_ID_PATTERNS = [
  '/v1/integrations/connectors/:id',
  '/v1/integrations/connectors/:id/*',
  '/api/v1/connectors/sources/:id/*',
  '/api/v1/integrations/connectors/:id',
  '/api/v1/integrations/connectors/:id/*',
] as const;

/** The status requests are counted with when the client left before the answer (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

function clientGone(c: Context<AppEnv>): boolean {
  if (c.req.raw.signal.aborted) return true;
  const incoming = incomingOf(c);
  return incoming?.socket.destroyed === true;
}

/** What the HTTP app is built from: the options of its services, which are all it needs. */
export interface CreateAppOptions extends ServerServicesOptions {}

/** The server's HTTP app, ready to be served by any `fetch`-style server. */
export interface ConduitApp {
  readonly hono: Hono<AppEnv>;
  readonly services: ServerServices;
  readonly extensions: readonly ServerExtension[];
  /**
   * The request handler. `listen` also passes the `node:http` request and response, which lets
   * handlers read bodies and write JSON answers without web streams in between.
   */
  readonly fetch: (request: Request, bindings?: NodeBindings) => Response | Promise<Response>;
  /** True once {@link ConduitApp.startDraining} was called. */
  readonly draining: boolean;
  /** Shutdown began: `/readyz` answers 503 and responses close their connections. */
  startDraining(): void;
}

/**
 * Builds the HTTP app of the hosted service (contract §1, §2, §5, §6) over an opened store, with the
 * features given as extensions. It opens no socket: `listen` (or `startServer`) serves it, and
 * tests can serve it on an ephemeral port.
 *
 * @example
 * ```ts
 * const app = createApp({ store, config: { keyring, allowUpstreamOverride: false, rateLimit: null, bodyLimitBytes: 1 << 20 }, logger });
 * const server = await listen(app, { host: '127.0.0.1', port: 0 });
 * ```
 */
export function createApp(options: CreateAppOptions): ConduitApp {
  const services = createServerServices(options);
  const { config, logger, metrics, extensions } = services;
  let draining = false;
  const isDraining = () => draining;

  const hono = new Hono<AppEnv>();
  hono.use('*', traceRequests());
  hono.use('*', requestContext({ logger, metrics, isDraining }));
  hono.use('*', async (c, next) => {
    assertDeclaredLength(c.req.header('content-length') ?? null, config.bodyLimitBytes);
    await next();
  });
  // Text PostgreSQL cannot hold (NUL, lone surrogates) in a query string or connector id is
  // refused with 400 naming it, on every store alike.
  hono.use('*', refuseUnstorableInput());
  for (const pattern of CONNECTOR_ID_PATTERNS) hono.use(pattern, refuseUnstorableInput());
  // Every other path parameter (connect sessions, the admin API, features' routes), by segment.
  hono.use('*', refuseUnstorablePath());
  for (const prefix of AUTHENTICATED_PREFIXES) hono.use(prefix, rateLimitHeaders(), authenticate(services));

  registerOpsRoutes(hono, services, isDraining);
  registerTokenRoutes(hono, services);
  registerAdminRoutes(hono, services);
  const describeSync: DescribeSync[] = extensions.flatMap((extension) =>
    extension.describeSync ? [extension.describeSync.bind(extension)] : [],
  );
  registerConnectorRoutes(hono, services, describeSync);
  registerConnectSessionRoutes(hono, services);
  registerConnectPageRoutes(hono, services);
  for (const extension of extensions) extension.registerRoutes?.(hono, services);

  hono.notFound((c) => {
    const message = `no route for ${c.req.method} ${new URL(c.req.url).pathname}`;
    return jsonResponse({ message, errors: [{ message, error_code: 'not_found' }] }, 404);
  });
  hono.onError((error, c) => {
    const requestLogger = c.get('logger') ?? logger;
    // The client went away (closed the socket, aborted the fetch): nothing failed on our side, and
    // no one reads the answer. Logged as such and counted as 499, not as an internal error.
    if (clientGone(c)) {
      requestLogger.info('client closed the request', {
        reason: error instanceof Error ? error.message : String(error),
      });
      return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    }
    return errorResponse(error, c.get('requestId') ?? 'unknown', requestLogger);
  });

  return {
    hono,
    services,
    extensions,
    fetch: (request, bindings) => hono.fetch(request, bindings),
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
