import type { Hono } from 'hono';
import type { ServerServices } from '../extensions/server-services';
import { type AppEnv, requireCaller } from '../http/app-env';
import { readJsonBody } from '../http/read-json-body';

/**
 * Paths of the connect-session calls (issue 18).
 *
 * @example
 * ```ts
 * await fetch(`${baseUrl}${CONNECT_SESSION_PATHS.collection}`, { method: 'POST', headers, body });
 * ```
 */
export const CONNECT_SESSION_PATHS = {
  collection: '/v1/integrations/connect-sessions',
  item: '/v1/integrations/connect-sessions/:id',
} as const;

/**
 * Registers the creation of a connect session and its polling. Authentication and rate limiting
 * come with the `/v1/integrations/*` prefix.
 *
 * @example
 * ```ts
 * registerConnectSessionRoutes(app, services);
 * ```
 */
export function registerConnectSessionRoutes(app: Hono<AppEnv>, services: ServerServices): void {
  app.post(CONNECT_SESSION_PATHS.collection, async (c) => {
    const body = await readJsonBody(c, services.config.bodyLimitBytes);
    const { session, webhookSecret } = await services.connectSessions.create(requireCaller(c), body);
    c.header('location', `${CONNECT_SESSION_PATHS.collection}/${session.id}`);
    c.get('logger').info('connect session created', {
      connect_session_id: session.id,
      connector_types: session.connectorTypes,
      reauthorize: session.reauthorizeConnectorId !== null,
    });
    return c.json({ ...services.connectSessions.toJson(session), webhook_secret: webhookSecret }, 201);
  });

  app.get(CONNECT_SESSION_PATHS.item, async (c) => {
    const session = await services.connectSessions.get(requireCaller(c), c.req.param('id'));
    return c.json(services.connectSessions.toJson(session));
  });
}
