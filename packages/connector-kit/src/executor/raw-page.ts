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
  if (options.limit !== undefined) given.limit = options.limit;
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
