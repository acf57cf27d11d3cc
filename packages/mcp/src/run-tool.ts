import type { DownloadResult, ListEnvelope, SearchEnvelope } from '@conduit/protocol';
import { type ConnectorTool, CURSOR_ARGUMENT, FIELDS_ARGUMENT } from './connector-tools';
import { type DownloadedFile, readDownload } from './read-download';
import { type ToolError, toToolError } from './tool-error';
import { trimFields } from './trim-fields';

/**
 * What one tool call came to: structured content, a downloaded file, or an error for the model.
 *
 * @example
 * ```ts
 * const outcome = await runTool(tool, { project: '1' }, { downloadCap: 262_144 });
 * if (outcome.type === 'error') console.log(outcome.error.hint);
 * ```
 */
export type ToolOutcome =
  | { readonly type: 'structured'; readonly content: Record<string, unknown> }
  | { readonly type: 'file'; readonly file: DownloadedFile }
  | { readonly type: 'error'; readonly error: ToolError };

/** Options of {@link runTool}. */
export interface RunToolOptions {
  /** Downloads up to this many bytes come back as content; larger ones as a link. */
  readonly downloadCap: number;
  readonly signal?: AbortSignal;
}

/**
 * The execute params of a call: a list's `cursor` goes back as `offset`, `fields` is ours
 * (search's own `fields` and `cursor` go through as they are).
 *
 * @example
 * ```ts
 * toExecuteParams(listTool, { project: '1', cursor: 'abc', fields: ['gid'] }); // { params: { project: '1', offset: 'abc' }, fields: ['gid'] }
 * ```
 */
export function toExecuteParams(
  tool: ConnectorTool,
  args: Record<string, unknown>,
): { params: Record<string, unknown>; fields: string[] | undefined } {
  if (tool.kind !== 'list' && tool.kind !== 'get') return { params: args, fields: undefined };
  const { [CURSOR_ARGUMENT]: cursor, [FIELDS_ARGUMENT]: fields, ...params } = args;
  if (tool.kind === 'list' && cursor !== undefined) params.offset = cursor;
  return { params, fields: fields as string[] | undefined };
}

/**
 * Runs one tool call through its connector's executor. Never throws: every failure, whether the
 * arguments broke a rule or the upstream refused, comes back as `{ type: 'error' }`.
 *
 * @example
 * ```ts
 * const outcome = await runTool(tool, { task_gid: '42', fields: ['name'] }, { downloadCap: 262_144 });
 * ```
 */
export async function runTool(
  tool: ConnectorTool,
  args: Record<string, unknown>,
  options: RunToolOptions,
): Promise<ToolOutcome> {
  const { params, fields } = toExecuteParams(tool, args);
  try {
    const result = await tool.connector.executor.execute(
      { entity: tool.entity, action: tool.kind, params },
      { signal: options.signal },
    );
    switch (tool.kind) {
      case 'list': {
        const page = result as ListEnvelope;
        return {
          type: 'structured',
          content: {
            records: fields === undefined ? page.records : page.records.map((r) => trimFields(r, fields)),
            next_cursor: page.meta.next_page?.offset ?? null,
          },
        };
      }
      case 'get': {
        const record = trimFields(result, fields);
        const isObject = typeof record === 'object' && record !== null && !Array.isArray(record);
        return { type: 'structured', content: isObject ? (record as Record<string, unknown>) : { record } };
      }
      case 'search': {
        const page = result as SearchEnvelope;
        return { type: 'structured', content: { hits: page.hits, next_cursor: page.next_cursor } };
      }
      default:
        return { type: 'file', file: await readDownload(result as DownloadResult, options.downloadCap) };
    }
  } catch (error) {
    return { type: 'error', error: toToolError(error, tool.kind === 'list' ? CURSOR_ARGUMENT : undefined) };
  }
}
