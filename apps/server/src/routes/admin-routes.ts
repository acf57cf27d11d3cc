import { NotFoundError } from '@conduit/protocol';
import type { Hono } from 'hono';
import type { ServerServices } from '../extensions/server-services';
import type { AppEnv } from '../http/app-env';
import { requireOperatorToken } from '../http/operator-token';
import { readJsonBody } from '../http/read-json-body';
import {
  applicationJson,
  applicationNotFound,
  createApplication,
  revokeApplication,
  rotateApplicationSecret,
} from '../services/applications';
import {
  type ReturnUrlOriginsAnswer,
  ReturnUrlOriginsSchema,
  readReturnUrlOrigins,
  writeReturnUrlOrigins,
} from '../services/return-url-origins';
import { parseBody } from '../validation/parse-body';

/**
 * Paths of the admin API (operator token `CONDUIT_ADMIN_TOKEN`). Applications are addressed by
 * their client id, the name operators and applications share.
 *
 * @example
 * ```ts
 * await fetch(`${baseUrl}${ADMIN_PATHS.applications}`, { headers: { authorization: `Bearer ${adminToken}` } });
 * ```
 */
export const ADMIN_PATHS = {
  prefix: '/admin/v1/*',
  applications: '/admin/v1/applications',
  revoke: '/admin/v1/applications/:client_id/revoke',
  rotateSecret: '/admin/v1/applications/:client_id/rotate-secret',
  returnUrlOrigins: '/admin/v1/applications/:client_id/return-url-origins',
} as const;

function adminDisabled(): NotFoundError {
  const message = 'the admin API is off: the operator has not set CONDUIT_ADMIN_TOKEN';
  return new NotFoundError(message, {
    status: 404,
    code: 'admin_api_disabled',
    details: [{ message, error_code: 'admin_api_disabled' }],
  });
}

/**
 * Registers the admin API: create (`POST`, answers the secret once), list (`GET`), revoke and
 * rotate the secret of applications. Every call needs `Authorization: Bearer <CONDUIT_ADMIN_TOKEN>`
 * (compared in constant time); without that setting the API answers 404 `admin_api_disabled`.
 * Answers are never cached.
 *
 * @example
 * ```ts
 * registerAdminRoutes(app, services);
 * ```
 */
export function registerAdminRoutes(app: Hono<AppEnv>, services: ServerServices): void {
  const adminToken = services.config.adminToken;
  app.use(ADMIN_PATHS.prefix, async (c, next) => {
    if (adminToken === undefined) throw adminDisabled();
    c.header('cache-control', 'no-store');
    await next();
  });
  if (adminToken === undefined) return;
  app.use(
    ADMIN_PATHS.prefix,
    requireOperatorToken(() => adminToken, 'admin'),
  );

  app.post(ADMIN_PATHS.applications, async (c) => {
    const body = await readJsonBody(c, services.config.bodyLimitBytes);
    const created = await createApplication(services.store, body, services.clock);
    c.get('logger').info('application created', { client_id: created.client_id, application_id: created.id });
    return c.json(created, 201);
  });

  app.get(ADMIN_PATHS.applications, async (c) => {
    const records = await services.store.listApplications();
    return c.json({ data: records.map(applicationJson) });
  });

  app.post(ADMIN_PATHS.revoke, async (c) => {
    const revoked = await revokeApplication(services.store, c.req.param('client_id'), services.clock);
    // Its tokens are refused from this process's next request on, not after the status cache's moment.
    services.applicationStatus.evict(revoked.id);
    c.get('logger').info('application revoked', { client_id: revoked.client_id, application_id: revoked.id });
    return c.json(revoked);
  });

  app.post(ADMIN_PATHS.rotateSecret, async (c) => {
    const rotated = await rotateApplicationSecret(services.store, c.req.param('client_id'), services.clock);
    c.get('logger').info('application secret rotated', {
      client_id: rotated.client_id,
      application_id: rotated.id,
    });
    return c.json(rotated);
  });

  // Where the application's connect sessions may send their users back (issue 28, finding 10).
  app.get(ADMIN_PATHS.returnUrlOrigins, async (c) => {
    const clientId = c.req.param('client_id');
    const application = await services.store.findApplicationByClientId(clientId);
    if (!application) throw applicationNotFound(clientId);
    const answer: ReturnUrlOriginsAnswer = {
      client_id: clientId,
      origins: await readReturnUrlOrigins(services.store, application.id),
    };
    return c.json(answer);
  });

  app.put(ADMIN_PATHS.returnUrlOrigins, async (c) => {
    const clientId = c.req.param('client_id');
    const body = parseBody(ReturnUrlOriginsSchema, await readJsonBody(c, services.config.bodyLimitBytes));
    const application = await services.store.findApplicationByClientId(clientId);
    if (!application) throw applicationNotFound(clientId);
    const origins = await writeReturnUrlOrigins(services.store, application.id, body.origins);
    c.get('logger').info('application return origins set', { client_id: clientId, origins: origins.length });
    const answer: ReturnUrlOriginsAnswer = { client_id: clientId, origins };
    return c.json(answer);
  });
}
