import type { Hono } from 'hono';
import { StoreUnavailableError } from '../errors/store-unavailable-error';
import type { ServerServices } from '../extensions/server-services';
import type { AppEnv } from '../http/app-env';
import { requireOperatorToken } from '../http/operator-token';
import { serviceOpenApiDocument } from '../openapi/service-openapi-document';

/**
 * Paths of the operations endpoints (contract §6).
 *
 * @example
 * ```ts
 * const ready = (await fetch(`${baseUrl}${OPS_PATHS.ready}`)).ok;
 * ```
 */
export const OPS_PATHS = {
  health: '/healthz',
  ready: '/readyz',
  metrics: '/metrics',
  openApi: '/openapi.json',
} as const;

/**
 * Registers `/healthz` (the process answers), `/readyz` (the store answers, takes a write of its
 * heartbeat row, and shutdown has not begun; 503 with `Retry-After` otherwise: `store_unavailable`,
 * `store_not_writable`, `shutting_down`) and `/metrics` (Prometheus text, behind
 * `Authorization: Bearer <CONDUIT_METRICS_TOKEN>` when the operator set one) and `/openapi.json`
 * (the OpenAPI document of the operations this app registered, built on first request).
 *
 * @example
 * ```ts
 * registerOpsRoutes(app, services, () => draining);
 * ```
 */
export function registerOpsRoutes(
  app: Hono<AppEnv>,
  services: ServerServices,
  isDraining: () => boolean,
): void {
  app.get(OPS_PATHS.health, (c) => c.json({ status: 'ok' }));

  app.get(OPS_PATHS.ready, async (c) => {
    if (isDraining())
      throw new StoreUnavailableError('the server is shutting down', { code: 'shutting_down' });
    try {
      await services.store.ping();
    } catch (error) {
      throw error instanceof StoreUnavailableError
        ? error
        : new StoreUnavailableError('the store does not answer', { cause: error });
    }
    // A store that answers reads may still refuse every write (a full disk, a read-only file or
    // replica, a role without rights): a real write tells.
    try {
      await services.store.heartbeat(new Date(services.clock.now()));
    } catch (error) {
      throw new StoreUnavailableError('the store answers but cannot write', {
        code: 'store_not_writable',
        cause: error,
      });
    }
    return c.json({ status: 'ready' });
  });

  const metricsToken = services.config.metricsToken;
  let openApi: string | undefined;
  app.get(OPS_PATHS.openApi, (c) => {
    // Built once all features registered their routes, so the document lists what this app serves.
    openApi ??= JSON.stringify(
      serviceOpenApiDocument({ routes: app.routes, metricsTokenRequired: metricsToken !== undefined }),
    );
    c.header('content-type', 'application/json; charset=utf-8');
    return c.body(openApi);
  });

  if (metricsToken !== undefined) {
    app.use(
      OPS_PATHS.metrics,
      requireOperatorToken(() => metricsToken, 'metrics'),
    );
  }
  app.get(OPS_PATHS.metrics, async (c) => {
    const { registry } = services.metrics;
    const text = await registry.metrics();
    c.header('content-type', registry.contentType);
    c.header('cache-control', 'no-store');
    return c.body(text);
  });
}
