import { type ConnectorType, connectorKind, requireConnectorType } from '@conduit/connectors';
import {
  ConduitError,
  type DownloadResult,
  findAction,
  parseSearchParams,
  resolveExecuteRequest,
  UnsupportedOperationError,
} from '@conduit/protocol';
import type { Context, Hono } from 'hono';
import { type AppEnv, requireCaller } from '../http/app-env';
import { jsonResponse } from '../http/json-response';
import { readJsonBody } from '../http/read-json-body';
import type { ServerServices } from '../services/server-services';
import type { ConnectorRecord } from '../store/store';
import { definitionOf } from './connector-definitions';
import type { ConnectorExecutors } from './connector-executors';
import type { ConnectorRecordCache } from './connector-record-cache';
import { downloadResponse } from './download-response';
import { translateExecuteError, upstreamTimeout } from './execute-errors';
import { parseExecuteRequest } from './execute-request-body';
import { RequestDeadline } from './request-deadline';
import type { SearchHandler } from './search-handler';
import { UpstreamFailureError, upstreamFailureBody } from './upstream-failure-error';

/**
 * The path of the execute call (contract §3).
 *
 * @example
 * ```ts
 * const url = `${baseUrl}${EXECUTE_PATH.replace(':id', encodeURIComponent(connectorId))}`;
 * ```
 */
export const EXECUTE_PATH = '/api/v1/connectors/sources/:id/execute';

/** What the execute route runs with. */
export interface ExecuteRouteOptions {
  readonly executors: ConnectorExecutors;
  /** Connector rows read a moment ago (see {@link ConnectorRecordCache}). */
  readonly records: ConnectorRecordCache;
  /** How long one request may spend on the upstream before it answers 504. */
  readonly deadlineMs: number;
  /** The search handler an extension provides, looked up per request. */
  readonly searchHandler: () => SearchHandler | undefined;
}

function searchNotEnabled(entity: string): UnsupportedOperationError {
  const message = `search is not enabled on this server: it runs over synced data, and no search feature is installed (entity "${entity}")`;
  return new UnsupportedOperationError(message, {
    status: 400,
    code: 'unsupported_action',
    details: [{ field: 'action', message, error_code: 'unsupported_action' }],
  });
}

function clientClosed(): ConduitError {
  const message = 'the caller closed the request before it was answered';
  return new ConduitError(message, {
    status: 499,
    code: 'client_closed_request',
    details: [{ message, error_code: 'client_closed_request' }],
  });
}

/** What one failed upstream call is answered with, after marking the connector when its credentials were refused. */
async function upstreamFailure(
  c: Context<AppEnv>,
  services: ServerServices,
  records: ConnectorRecordCache,
  record: ConnectorRecord,
  type: ConnectorType,
  error: unknown,
  names: { entity: string; action: string },
): Promise<Response> {
  if (c.req.raw.signal.aborted) throw clientClosed();
  const mapped = translateExecuteError(error, { vendor: connectorKind(type).vendor, action: names.action });
  if (!(mapped instanceof UpstreamFailureError)) throw mapped;
  if (mapped.code === 'upstream_auth_failed') {
    await services.connectors.markNeedsReauth(record);
    records.evict(record.id);
  }
  // Names and codes only: params may hold anything the caller typed.
  c.get('logger').warn('upstream call failed', {
    connector_id: record.id,
    connector_type: type,
    entity: names.entity,
    action: names.action,
    error_code: mapped.code,
    upstream_status: mapped.upstreamStatus ?? null,
  });
  return jsonResponse(upstreamFailureBody(mapped), 502);
}

/**
 * Registers `POST /api/v1/connectors/sources/{id}/execute` (contract §3): the body is checked, the
 * connector loaded for the caller (another tenant's is 404), the request validated against the
 * connector kind's definition before any upstream call (400 `unknown_entity`,
 * `unsupported_action`, `missing_param`, `invalid_param`), then run by the connector's cached
 * executor within the request's deadline. `list` answers `{records, meta}`, `get` the record,
 * `download` the streamed bytes, and `search` whatever the installed search handler finds.
 * Authentication and the rate limit are applied by the app to the whole prefix.
 *
 * @example
 * ```ts
 * registerExecuteRoute(app, services, {
 *   executors,
 *   records: new ConnectorRecordCache({ ttlMs: 1000 }),
 *   deadlineMs: 30_000,
 *   searchHandler: () => undefined,
 * });
 * ```
 */
export function registerExecuteRoute(
  app: Hono<AppEnv>,
  services: ServerServices,
  options: ExecuteRouteOptions,
): void {
  app.post(EXECUTE_PATH, async (c) => {
    const caller = requireCaller(c);
    const body = parseExecuteRequest(await readJsonBody(c, services.config.bodyLimitBytes));
    const id = c.req.param('id');
    const record = await options.records.get(caller, id, () => services.connectors.get(caller, id));
    const type = requireConnectorType(record.connectorType);
    const definition = definitionOf(type);
    const { entity, params } = body;

    const found = findAction(definition, entity, body.action);
    if (!('error' in found) && found.kind === 'search') {
      const search = options.searchHandler();
      if (!search) throw searchNotEnabled(entity);
      parseSearchParams(params, found.searchableFields ?? {});
      const observeSearch = services.metrics.executeDuration.startTimer({
        connector_type: type,
        action: 'search',
      });
      const hits = await search(record, entity, params, c.req.raw.signal);
      observeSearch();
      services.metrics.executeTotal.inc({ connector_type: type, entity, action: 'search', outcome: 'ok' });
      return jsonResponse(hits);
    }
    // Every fault of the request is reported before the upstream is asked anything.
    const { action } = resolveExecuteRequest(definition, entity, body.action, params);

    const executor = await options.executors.forConnector(caller, record, type, c.get('requestId'));
    const vendor = connectorKind(type).vendor;
    const deadline = new RequestDeadline(c.req.raw.signal, options.deadlineMs, () =>
      upstreamTimeout(vendor, options.deadlineMs),
    );
    let result: unknown;
    const { metrics } = services;
    const observe = metrics.executeDuration.startTimer({ connector_type: type, action: body.action });
    try {
      result = await deadline.run(() =>
        executor.execute({ entity, action: body.action, params }, { signal: deadline.signal }),
      );
      metrics.executeTotal.inc({ connector_type: type, entity, action: body.action, outcome: 'ok' });
    } catch (error) {
      metrics.executeTotal.inc({ connector_type: type, entity, action: body.action, outcome: 'error' });
      return upstreamFailure(c, services, options.records, record, type, error, {
        entity,
        action: body.action,
      });
    } finally {
      observe();
      deadline.disarm();
    }
    // The upstream took the credentials again: whatever refused them before has passed.
    if (record.status !== 'active') {
      await services.connectors.setStatus(record, 'active');
      options.records.evict(record.id);
    }
    if (action.kind === 'download') return downloadResponse(result as DownloadResult);
    return jsonResponse(result);
  });
}
