import { CHANGE_FEED_LIMITS, ChangeFeedQuerySchema, decodeChangeCursor } from '@conduit/protocol';
import type { Hono } from 'hono';
import type { ServerServices } from '../extensions/server-services';
import { type AppEnv, requireCaller } from '../http/app-env';
import { parseBody } from '../validation/parse-body';
import type { ChangeFeed } from './change-feed';

/** The path of a connector's change feed (contract §4). */
export const CHANGES_PATH = '/api/v1/connectors/sources/:id/changes';

/**
 * Registers `GET /api/v1/connectors/sources/{id}/changes?cursor=…&limit=…&wait=…`: the upserts and
 * deletes of the connector's synced records after the cursor, oldest first, answered at once, or
 * held open up to `wait` seconds until a change arrives. Another tenant's connector answers 404;
 * a cursor of another connector or garbage 400 `invalid_cursor`.
 *
 * @example
 * ```ts
 * registerChangeRoutes(app, services, () => new ChangeFeed(services.store.db));
 * ```
 */
export function registerChangeRoutes(
  app: Hono<AppEnv>,
  services: ServerServices,
  feed: () => ChangeFeed,
): void {
  app.get(CHANGES_PATH, async (c) => {
    const connector = await services.connectors.get(requireCaller(c), c.req.param('id'));
    const query = parseBody(ChangeFeedQuerySchema, c.req.query());
    const after = decodeChangeCursor(connector.id, query.cursor);
    const page = await feed().read(connector.id, {
      after,
      limit: query.limit ?? CHANGE_FEED_LIMITS.defaultLimit,
      waitMs: (query.wait ?? 0) * 1000,
      signal: c.req.raw.signal,
    });
    return c.json(page);
  });
}
