import { SyncRequestSchema, UnsupportedOperationError } from '@conduit/protocol';
import type { Hono } from 'hono';
import type { ServerServices } from '../extensions/server-services';
import { type AppEnv, requireCaller } from '../http/app-env';
import { readJsonBody } from '../http/read-json-body';
import type { ConnectorRecord } from '../store/store';
import { parseBody } from '../validation/parse-body';
import type { SyncScheduler } from './sync-scheduler';
import { syncableTypes } from './syncable-types';

/**
 * The path of the sync calls (contract §4).
 *
 * @example
 * ```ts
 * await fetch(`${baseUrl}${SYNC_PATH.replace(':id', connectorId)}`, { method: 'POST', headers });
 * ```
 */
export const SYNC_PATH = '/api/v1/connectors/sources/:id/sync';

function notSyncable(connector: ConnectorRecord): UnsupportedOperationError {
  const message = `${connector.connectorType} connectors have no entities with search, so there is nothing to sync`;
  return new UnsupportedOperationError(message, {
    status: 400,
    code: 'unsupported_action',
    details: [{ message, error_code: 'unsupported_action' }],
  });
}

function fullFlag(body: Record<string, unknown>): boolean {
  // The schema the OpenAPI document describes the body with.
  return parseBody(SyncRequestSchema, body).full === true;
}

/**
 * Registers `POST /api/v1/connectors/sources/{id}/sync` (queues a run, or returns the one queued
 * or running: 202 `{sync_id}`; body optional, `{"full": true}` for a full run) and `GET` of the
 * same path (the sync summary). Another tenant's connector answers 404.
 *
 * @example
 * ```ts
 * registerSyncRoutes(app, services, scheduler);
 * ```
 */
export function registerSyncRoutes(
  app: Hono<AppEnv>,
  services: ServerServices,
  scheduler: () => SyncScheduler,
): void {
  app.post(SYNC_PATH, async (c) => {
    const connector = await services.connectors.get(requireCaller(c), c.req.param('id'));
    // The body is optional: `POST …/sync` with nothing asks for the usual run.
    const full = fullFlag(await readJsonBody(c, services.config.bodyLimitBytes, { optional: true }));
    if (!syncableTypes(services.registry).includes(connector.connectorType)) throw notSyncable(connector);
    const syncId = await scheduler().trigger(connector, 'manual', full);
    return c.json({ sync_id: syncId }, 202);
  });

  app.get(SYNC_PATH, async (c) => {
    const connector = await services.connectors.get(requireCaller(c), c.req.param('id'));
    if (!syncableTypes(services.registry).includes(connector.connectorType)) throw notSyncable(connector);
    const summaries = await scheduler().summaries([connector]);
    return c.json(summaries.get(connector.id)!);
  });
}
