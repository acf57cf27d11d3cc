import type { ConnectorType } from '@conduit/connectors';
import {
  type ActionAlias,
  type ActionDefinition,
  type ActionKind,
  ConduitError,
  type DownloadResult,
  type ExecuteRequest,
  findAction,
  findActionAlias,
  parseSearchParams,
  resolveExecuteRequest,
  type SearchEnvelope,
  UnsupportedOperationError,
} from '@conduit/protocol';
import type { Context } from 'hono';
import type { SearchHandler } from '../extensions/search-handler';
import type { ServerServices } from '../extensions/server-services';
import { type AppEnv, requireCaller } from '../http/app-env';
import type { ConnectorRecord } from '../store/store';
import { inSpan } from '../tracing/server-spans';
import { definitionOf } from './connector-definitions';
import type { ConnectorExecutors } from './connector-executors';
import type { ConnectorRecordCache } from './connector-record-cache';
import { translateExecuteError, upstreamTimeout } from './execute-errors';
import { RequestDeadline } from './request-deadline';
import { UpstreamFailureError } from './upstream-failure-error';

/** What the execute core runs with (one set per server, shared by every face of the route). */
export interface ExecuteRouteOptions {
  readonly executors: ConnectorExecutors;
  /** Connector rows read a moment ago (see {@link ConnectorRecordCache}). */
  readonly records: ConnectorRecordCache;
  /** How long one request may spend on the upstream before it answers 504. */
  readonly deadlineMs: number;
  /** The search handler an extension provides, looked up per request. */
  readonly searchHandler: () => SearchHandler | undefined;
}

/**
 * What one execute call produced, before any face formats it: a `search` envelope, a download, or
 * the JSON result of any other action, with the kind of action the connector definition gave it.
 */
export type ExecuteOutcome =
  | { readonly kind: 'search'; readonly connector: ConnectorRecord; readonly envelope: SearchEnvelope }
  | { readonly kind: 'download'; readonly connector: ConnectorRecord; readonly file: DownloadResult }
  | {
      readonly kind: 'result';
      readonly connector: ConnectorRecord;
      readonly action: ActionKind;
      /** The definition of the action that ran. */
      readonly definition: ActionDefinition;
      /** The alias the request named the action by, if it did (see protocol's `ActionAlias`). */
      readonly alias?: ActionAlias;
      readonly value: unknown;
    };

/** Runs one parsed execute request for the caller of `c`; throws a Conduit error for every failure. */
export type RunExecute = (
  c: Context<AppEnv>,
  connectorId: string,
  request: ExecuteRequest,
) => Promise<ExecuteOutcome>;

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

/** What to throw for one failed upstream call (a Conduit error, or what was thrown when it is not one), after marking the connector when its credentials were refused. */
async function upstreamFailure(
  c: Context<AppEnv>,
  services: ServerServices,
  records: ConnectorRecordCache,
  record: ConnectorRecord,
  type: ConnectorType,
  error: unknown,
  names: { entity: string; action: string },
): Promise<unknown> {
  if (c.req.raw.signal.aborted) return clientClosed();
  const mapped = translateExecuteError(error, {
    vendor: services.registry.kindOf(type).vendor,
    action: names.action,
  });
  if (!(mapped instanceof UpstreamFailureError)) return mapped;
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
  return mapped;
}

/**
 * The execute core (contract §3), shared by every face of the execute route: the connector is
 * loaded for the caller (another tenant's is 404), the request validated against the connector
 * kind's definition before any upstream call (400 `unknown_entity`, `unsupported_action`,
 * `missing_param`, `invalid_param`), `search` handed to the installed search handler, anything
 * else run by the connector's cached executor within the request's deadline.
 *
 * @example
 * ```ts
 * const run = createRunExecute(services, options);
 * const outcome = await run(c, c.req.param('id'), parseExecuteRequest(body));
 * ```
 */
export function createRunExecute(services: ServerServices, options: ExecuteRouteOptions): RunExecute {
  const { metrics } = services;
  return async (c, id, request) => {
    const caller = requireCaller(c);
    const record = await options.records.get(caller, id, () => services.connectors.get(caller, id));
    const kind = services.registry.kindOf(record.connectorType);
    const type = kind.type;
    const definition = definitionOf(services.registry, type);
    const { entity, params } = request;

    const found = findAction(definition, entity, request.action);
    if (!('error' in found) && found.kind === 'search') {
      const search = options.searchHandler();
      if (!search) throw searchNotEnabled(entity);
      parseSearchParams(params, found.searchableFields ?? {}, found.unsearchableFields);
      const observeSearch = metrics.executeDuration.startTimer({ connector_type: type, action: 'search' });
      const envelope = await search(record, entity, params, c.req.raw.signal);
      observeSearch();
      metrics.executeTotal.inc({ connector_type: type, entity, action: 'search', outcome: 'ok' });
      return { kind: 'search', connector: record, envelope };
    }
    // Every fault of the request is reported before the upstream is asked anything.
    const { action } = resolveExecuteRequest(definition, entity, request.action, params);

    const executor = await options.executors.forConnector(caller, record, type, c.get('requestId'));
    const vendor = kind.vendor;
    const deadline = new RequestDeadline(c.req.raw.signal, options.deadlineMs, () =>
      upstreamTimeout(vendor, options.deadlineMs),
    );
    let value: unknown;
    const observe = metrics.executeDuration.startTimer({ connector_type: type, action: request.action });
    try {
      value = await deadline.run(() =>
        inSpan(
          `conduit.execute ${entity}.${request.action}`,
          { 'conduit.connector.type': type, 'conduit.entity': entity, 'conduit.action': request.action },
          () => executor.execute({ entity, action: request.action, params }, { signal: deadline.signal }),
        ),
      );
      metrics.executeTotal.inc({ connector_type: type, entity, action: request.action, outcome: 'ok' });
    } catch (error) {
      metrics.executeTotal.inc({ connector_type: type, entity, action: request.action, outcome: 'error' });
      throw await upstreamFailure(c, services, options.records, record, type, error, {
        entity,
        action: request.action,
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
    if (action.kind === 'download')
      return { kind: 'download', connector: record, file: value as DownloadResult };
    const alias = findActionAlias(definition, entity, request.action);
    return {
      kind: 'result',
      connector: record,
      action: action.kind,
      definition: action,
      ...(alias ? { alias } : {}),
      value,
    };
  };
}
