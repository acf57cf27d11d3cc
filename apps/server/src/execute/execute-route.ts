import type { Hono } from 'hono';
import type { ServerServices } from '../extensions/server-services';
import type { AppEnv } from '../http/app-env';
import { jsonResponse } from '../http/json-response';
import { readJsonBody } from '../http/read-json-body';
import { downloadResponse } from './download-response';
import { parseExecuteRequest } from './execute-request-body';
import type { ExecuteRouteOptions, RunExecute } from './run-execute';
import { createRunExecute } from './run-execute';
import { UpstreamFailureError, upstreamFailureBody } from './upstream-failure-error';

export type { ExecuteRouteOptions } from './run-execute';

/**
 * The path of the execute call (contract §3).
 *
 * @example
 * ```ts
 * const url = `${baseUrl}${EXECUTE_PATH.replace(':id', encodeURIComponent(connectorId))}`;
 * ```
 */
export const EXECUTE_PATH = '/api/v1/connectors/sources/:id/execute';

/**
 * Registers `POST /api/v1/connectors/sources/{id}/execute` (contract §3) over the execute core
 * ({@link createRunExecute}): `list` answers `{records, meta}`, `get` the record, `download` the
 * streamed bytes, `search` whatever the installed search handler finds, and an upstream failure
 * 502 with the upstream's status. Authentication and the rate limit are applied by the app to the
 * whole prefix. Returns the core, for the other faces of the route to share.
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
): RunExecute {
  const run = createRunExecute(services, options);
  app.post(EXECUTE_PATH, async (c) => {
    const request = parseExecuteRequest(await readJsonBody(c, services.config.bodyLimitBytes));
    try {
      const outcome = await run(c, c.req.param('id'), request);
      if (outcome.kind === 'search') return jsonResponse(outcome.envelope);
      if (outcome.kind === 'download') return downloadResponse(outcome.file);
      return jsonResponse(outcome.value);
    } catch (error) {
      if (error instanceof UpstreamFailureError) return jsonResponse(upstreamFailureBody(error), 502);
      throw error;
    }
  });
  return run;
}
