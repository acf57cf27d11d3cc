import { ResponseValidationError, resolveExecuteRequest } from '@conduit/protocol';
import type { QueryParams } from '@conduit/transport';
import { readAt } from '../read-at';
import { applyRecordDefaults } from '../record-defaults';
import { type ExecutorContext, listRequest, requireUpstream } from './executor-context';
import { listPage } from './list-page';

/**
 * Options of `LocalConnectorExecutor.readPage`.
 *
 * @example
 * ```ts
 * await executor.readPage('tasks', { project: '1' }, { limit: 100, query: { opt_fields: 'name' } });
 * ```
 */
export interface ReadPageOptions {
  /** The `meta.next_page.offset` of the previous page. */
  readonly offset?: string | null;
  /** Records wanted per page; capped at the largest `limit` the action's params take. */
  readonly limit?: number;
  /** Query params that replace the action's fixed ones (e.g. a sync's `opt_fields`). */
  readonly query?: QueryParams;
  readonly signal?: AbortSignal;
}

/**
 * One raw list page: the upstream's records as plain objects, unchecked against the action's
 * record (a sync asks for other fields than the action does), and the next offset.
 *
 * @example
 * ```ts
 * const page: RawPage = { records: [{ id: 1 }], nextOffset: null };
 * ```
 */
export interface RawPage {
  readonly records: Record<string, unknown>[];
  readonly nextOffset: string | null;
}

/**
 * The largest `limit` an action's params schema takes (`z.number().max(50).optional()` → 50), so a
 * reader that asks for bigger pages (a sync's page size) gets the largest the upstream allows
 * instead of a refused request.
 */
function limitCeiling(params: unknown): number | undefined {
  let schema = (params as { shape?: Record<string, unknown> } | undefined)?.shape?.limit as
    | { _zod?: { def: { type: string; innerType?: unknown } }; maxValue?: number | null }
    | undefined;
  while (schema?._zod && ['optional', 'default', 'nullable', 'prefault'].includes(schema._zod.def.type)) {
    schema = schema._zod.def.innerType as typeof schema;
  }
  const max = schema?.maxValue;
  return typeof max === 'number' && Number.isFinite(max) ? max : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One raw page of an entity's `list` action (a sync's read): plain objects, defaults filled, nothing else checked. */
export async function rawPage(
  context: ExecutorContext,
  entity: string,
  params: Record<string, unknown>,
  options: ReadPageOptions = {},
): Promise<RawPage> {
  const { definition } = context;
  const given = { ...params };
  if (options.limit !== undefined) {
    const ceiling = limitCeiling(definition.entities[entity]?.actions.list?.params);
    given.limit = ceiling === undefined ? options.limit : Math.min(options.limit, ceiling);
  }
  if (options.offset != null) given.offset = options.offset;
  const { action, params: parsed } = resolveExecuteRequest(definition, entity, 'list', given);
  const upstream = requireUpstream(definition, entity, action);
  const recordsAt = upstream.recordsAt ?? 'data';
  const request = listRequest(context, upstream, parsed, options.query ?? upstream.query);
  const parse = (body: unknown, what: string) => {
    applyRecordDefaults(body, recordsAt, upstream.recordDefaults);
    const records = readAt(body, recordsAt);
    if (!Array.isArray(records) || !records.every(isPlainObject)) {
      throw new ResponseValidationError(
        `The upstream's ${what} page does not have the expected shape: ${recordsAt || 'the body'} must be an array of objects`,
        {
          details: [
            { field: recordsAt, message: 'must be an array of objects', error_code: 'invalid_response' },
          ],
        },
      );
    }
    return records;
  };
  const result = await listPage(context, upstream, request, request.offset, parse, options.signal);
  return {
    records: result.records as Record<string, unknown>[],
    nextOffset: result.meta.next_page?.offset ?? null,
  };
}
