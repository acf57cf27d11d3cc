import type { Hono } from 'hono';
import { downloadResponse } from '../execute/download-response';
import type { ExecuteOutcome, RunExecute } from '../execute/run-execute';
import type { ServerServices } from '../extensions/server-services';
import type { AppEnv } from '../http/app-env';
import { jsonResponse } from '../http/json-response';
import { readJsonBody } from '../http/read-json-body';
import { parseBody } from '../validation/parse-body';
import { AGENT_API_PATHS } from './agent-api-paths';
import { AgentExecuteRequestSchema } from './agent-api-schemas';
import { fieldSelection } from './field-selection';

// The agent API names the search over synced data `context_store_search` (0.1.180); releases
// before April 2026 called it `search`, with the same `{data, meta}` result (reference §2.3).
const SEARCH_ACTIONS = new Set(['context_store_search', 'search']);

type Filter = ReturnType<typeof fieldSelection>;

function filtered(record: unknown, filter: Filter): unknown {
  if (!filter || typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  return filter(record as Record<string, unknown>);
}

/** `result` and `connector_metadata` of the envelope (reference §2.2, §2.3) for one outcome. */
function envelopeParts(outcome: Exclude<ExecuteOutcome, { kind: 'download' }>, filter: Filter) {
  if (outcome.kind === 'search') {
    const { hits, next_cursor, took_ms } = outcome.envelope;
    return {
      result: {
        data: hits.map((hit) => filtered(hit.data, filter)),
        meta: { has_more: next_cursor !== null, cursor: next_cursor, took_ms: Math.round(took_ms) },
      },
      connector_metadata: null,
    };
  }
  if (outcome.action === 'list') {
    const page = outcome.value as { records: unknown[]; meta?: Record<string, unknown> | null };
    // An alias whose callers expect the upstream's own body (the alias names its records key in
    // the connector's definition), which has no paging of its own: the records under that key.
    const key = outcome.alias?.recordsKey;
    if (key !== undefined)
      return {
        result: { [key]: page.records.map((record) => filtered(record, filter)) },
        connector_metadata: null,
      };
    // A list's metadata is always an object: the client's typed wrappers read it unguarded. Its
    // next page is in the form the action declares (a string where the client's typed result
    // reads the upstream's own next_page as one).
    const meta = page.meta ?? {};
    const next = (meta as { next_page?: { offset: string } | null }).next_page;
    return {
      result: page.records.map((record) => filtered(record, filter)),
      connector_metadata:
        outcome.definition.nextPageForm === 'string' ? { ...meta, next_page: next?.offset ?? null } : meta,
    };
  }
  return { result: filtered(outcome.value, filter), connector_metadata: null };
}

/**
 * Registers `POST /api/v1/integrations/connectors/{id}/execute`, the agent API's execute
 * (reference §2): the same execute core as the seed's route, answered in the platform's envelope
 * `{status, result, connector_metadata, execution_metadata}`. A list's `result` is its records
 * and `connector_metadata` its paging (`next_page`) (an action alias with a `recordsKey`, such as
 * `api_search`, answers `{[recordsKey]: records}`), a search's `result` is `{data, meta:
 * {has_more, cursor, took_ms}}` with an integer `took_ms`, a download the raw bytes. Errors are
 * the service's `{message, errors}` bodies with the seed's statuses (429 with an integer
 * `Retry-After`).
 *
 * @example
 * ```ts
 * registerAgentExecuteRoute(app, services, registerExecuteRoute(app, services, options));
 * ```
 */
export function registerAgentExecuteRoute(
  app: Hono<AppEnv>,
  services: ServerServices,
  run: RunExecute,
): void {
  app.post(AGENT_API_PATHS.execute, async (c) => {
    const started = performance.now();
    const body = parseBody(AgentExecuteRequestSchema, await readJsonBody(c, services.config.bodyLimitBytes));
    const action = SEARCH_ACTIONS.has(body.action) ? 'search' : body.action;
    const outcome = await run(c, c.req.param('id'), {
      entity: body.entity,
      action,
      params: { ...body.params },
    });
    if (outcome.kind === 'download') return downloadResponse(outcome.file);
    const parts = envelopeParts(outcome, fieldSelection(body.select_fields, body.exclude_fields));
    return jsonResponse({
      status: 'success',
      ...parts,
      execution_metadata: {
        connector_instance_id: outcome.connector.id,
        execution_time_ms: Math.round(performance.now() - started),
      },
    });
  });
}
