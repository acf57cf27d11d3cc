import type { ActionDefinition } from '@conduit/protocol';
import { fillPath } from '../fill-path';
import { applyRecordDefaults } from '../record-defaults';
import { parseRecord } from '../record-parser';
import type { UpstreamSpec } from '../upstream-spec';
import { type ExecutorContext, send, toQuery } from './executor-context';

/** A `get`: the path filled from the params, the rest as the query, the record checked against the action's. */
export async function getRecord(
  context: ExecutorContext,
  action: ActionDefinition,
  upstream: UpstreamSpec,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<unknown> {
  const { path, rest } = fillPath(upstream.path, params);
  const body = await send(context, { path, query: toQuery(rest, upstream.query) }, signal);
  applyRecordDefaults(body, upstream.recordAt ?? 'data', upstream.recordDefaults);
  return parseRecord(action, body, upstream.recordAt ?? 'data', path);
}
