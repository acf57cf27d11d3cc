import { ConnectorListQuerySchema, type SyncSummary, ValidationError } from '@conduit/protocol';
import type { Hono } from 'hono';
import type { ServerServices } from '../extensions/server-services';
import { type AppEnv, requireCaller } from '../http/app-env';
import { readJsonBody } from '../http/read-json-body';
import type { ConnectorListQuery } from '../services/connector-service';
import { idleSyncSummary } from '../services/sync-summary';
import type { ConnectorRecord } from '../store/store';
import { parseBody } from '../validation/parse-body';
import { connectorJson, createdConnectorJson } from './connector-json';

/**
 * Paths of the connector calls (contract §2).
 *
 * @example
 * ```ts
 * await fetch(`${baseUrl}${CONNECTOR_PATHS.collection}`, { headers: { authorization: `Bearer ${token}` } });
 * ```
 */
export const CONNECTOR_PATHS = {
  collection: '/v1/integrations/connectors',
  item: '/v1/integrations/connectors/:id',
} as const;

function invalidQuery(field: string, message: string): ValidationError {
  return new ValidationError(message, {
    status: 400,
    code: 'invalid_param',
    details: [{ field, message, error_code: 'invalid_param' }],
  });
}

/** Reads the listing's filters, refusing unknown or repeated parameters; empty values mean "no filter". */
function listQuery(url: string): ConnectorListQuery {
  const params = new URL(url).searchParams;
  const values: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(values, name)) {
      throw invalidQuery(name, `query parameter "${name}" is given more than once`);
    }
    values[name] = value;
  }
  // The schema the OpenAPI document describes the query with: unknown parameters are refused.
  const query = parseBody(ConnectorListQuerySchema, values);
  const nonEmpty = (name: keyof typeof query) => {
    const value = query[name];
    return value === undefined || value === '' ? undefined : value;
  };
  const externalUserId = nonEmpty('external_user_id');
  const workspaceName = nonEmpty('workspace_name');
  if (externalUserId !== undefined && workspaceName !== undefined && externalUserId !== workspaceName) {
    throw invalidQuery(
      'workspace_name',
      'workspace_name is another name for external_user_id; give one of them',
    );
  }
  return { externalUserId: externalUserId ?? workspaceName, connectorType: nonEmpty('connector_type') };
}

async function withSync(services: ServerServices, hooks: DescribeSync[], records: ConnectorRecord[]) {
  const summaries = await Promise.all(hooks.map((describe) => describe(records, services)));
  return records.map((record) => {
    const sync = summaries.map((summary) => summary.get(record.id)).find((summary) => summary !== undefined);
    return connectorJson(record, sync ?? idleSyncSummary());
  });
}

/** A feature's view of connectors' sync state, by id (see `ServerExtension.describeSync`). */
export type DescribeSync = (
  connectors: readonly ConnectorRecord[],
  services: ServerServices,
) => Promise<ReadonlyMap<string, SyncSummary>>;

/**
 * Registers create, list, get, update (re-authorization) and delete of connectors. Authentication and rate limiting are
 * applied by the app to the whole `/v1/integrations/*` prefix.
 *
 * @example
 * ```ts
 * registerConnectorRoutes(app, services, []);
 * ```
 */
export function registerConnectorRoutes(
  app: Hono<AppEnv>,
  services: ServerServices,
  describeSync: DescribeSync[],
): void {
  app.post(CONNECTOR_PATHS.collection, async (c) => {
    const body = await readJsonBody(c, services.config.bodyLimitBytes);
    const record = await services.connectors.create(requireCaller(c), body);
    c.header('location', `${CONNECTOR_PATHS.collection}/${record.id}`);
    return c.json(createdConnectorJson(record), 201);
  });

  app.get(CONNECTOR_PATHS.collection, async (c) => {
    const records = await services.connectors.list(requireCaller(c), listQuery(c.req.url));
    return c.json({ data: await withSync(services, describeSync, records) });
  });

  app.get(CONNECTOR_PATHS.item, async (c) => {
    const record = await services.connectors.get(requireCaller(c), c.req.param('id'));
    const [connector] = await withSync(services, describeSync, [record]);
    return c.json(connector!);
  });

  app.patch(CONNECTOR_PATHS.item, async (c) => {
    const body = await readJsonBody(c, services.config.bodyLimitBytes);
    const record = await services.connectors.update(requireCaller(c), c.req.param('id'), body);
    const [connector] = await withSync(services, describeSync, [record]);
    c.get('logger').info('connector updated', {
      connector_id: record.id,
      fields: Object.keys(body),
    });
    return c.json(connector!);
  });

  app.delete(CONNECTOR_PATHS.item, async (c) => {
    await services.connectors.delete(requireCaller(c), c.req.param('id'));
    return c.body(null, 204);
  });
}
