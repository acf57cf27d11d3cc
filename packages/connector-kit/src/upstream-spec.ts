import type { ActionDefinition, ActionKind, ConnectorDefinition } from '@conduit/protocol';
import type { QueryParams } from '@conduit/transport';
import type * as z from 'zod';
import type { PagingStrategy } from './paging/paging-strategy';

/**
 * Where a `download` finds its bytes, from the JSON the action's path answers with. Without a
 * `locate`, the action's path itself answers with the bytes (sent with the connector's auth).
 *
 * @example
 * ```ts
 * const download: DownloadSpec = {
 *   rangeParam: 'range_header',
 *   locate: (body) => ({ url: (body as { data: { download_url: string } }).data.download_url }),
 * };
 * ```
 */
export interface DownloadSpec {
  /** The param that holds a `Range` header value, e.g. `range_header`. */
  readonly rangeParam?: string;
  /**
   * Reads the JSON of the action's path and says where the bytes are: an absolute `url` (a signed
   * URL on another host: fetched without the connector's credentials) or a `path` under the API
   * root (fetched with them), and the file's name when known. Throw a `ConduitError` when the
   * record has no bytes to give.
   */
  readonly locate?: (
    body: unknown,
    params: Readonly<Record<string, unknown>>,
  ) => { readonly url?: string; readonly path?: string; readonly filename?: string | undefined };
}

/**
 * The upstream request behind one action: declared on the action, so the definition is the one
 * place that knows the upstream's paths.
 *
 * - `path`: template under the API root; `{name}` is filled (URL-encoded) from the param of that
 *   name, and every other param goes into the query string;
 * - `query`: fixed query params (e.g. `opt_fields`), sent with every request of the action;
 * - `recordsAt` (list) / `recordAt` (get): dotted path of the records in the upstream's JSON,
 *   default `data`; `''` is the body itself;
 * - `paging` (list): how the upstream pages, see {@link PagingStrategy};
 * - `download` (download): see {@link DownloadSpec}.
 *
 * @example
 * ```ts
 * const upstream: UpstreamSpec = {
 *   path: '/api/v2/tickets',
 *   recordsAt: 'tickets',
 *   paging: cursorPaging(),
 * };
 * ```
 */
export interface UpstreamSpec {
  readonly path: string;
  readonly query?: QueryParams;
  readonly recordsAt?: string;
  readonly recordAt?: string;
  /**
   * Fields every record of the action has that the upstream leaves out under the query the action
   * sends (Asana's `resource_type`, which its `opt_fields` may not ask for): filled in before the
   * records are checked.
   */
  readonly recordDefaults?: Readonly<Record<string, unknown>>;
  readonly paging?: PagingStrategy;
  readonly download?: DownloadSpec;
}

/**
 * An action with its upstream request: what {@link createConnectorExecutor} runs. It is a
 * protocol `ActionDefinition` (so hosted mode, `describe` and validation read it unchanged) with
 * one more field.
 *
 * @example
 * ```ts
 * const get: ConnectorAction<'get'> = defineConnectorAction({
 *   kind: 'get',
 *   description: 'Get a ticket',
 *   params: z.strictObject({ ticket_id: z.string() }),
 *   record: z.looseObject({ id: z.number() }),
 *   upstream: { path: '/api/v2/tickets/{ticket_id}', recordAt: 'ticket' },
 * });
 * ```
 */
export interface ConnectorAction<
  Kind extends ActionKind = ActionKind,
  Params extends z.ZodObject = z.ZodObject,
  Output extends z.ZodType = z.ZodType,
> extends ActionDefinition<Kind, Params, Output> {
  /** Absent only on `search` (it runs over the hosted service's synced copy). */
  readonly upstream?: UpstreamSpec;
}

/**
 * Declares an action with its upstream request, keeping its literal kind and schema types (the
 * typed client derives its methods from them).
 *
 * @example
 * ```ts
 * const list = defineConnectorAction({
 *   kind: 'list',
 *   description: 'List the tickets',
 *   params: z.strictObject({ ...pageParams({ maxLimit: 100 }) }),
 *   record: Ticket,
 *   upstream: { path: '/api/v2/tickets', recordsAt: 'tickets', paging: cursorPaging() },
 * });
 * ```
 */
export function defineConnectorAction<
  const Kind extends ActionKind,
  Params extends z.ZodObject,
  Output extends z.ZodType,
>(action: ConnectorAction<Kind, Params, Output>): ConnectorAction<Kind, Params, Output> {
  return action;
}

/**
 * The upstream request of an action of a definition, if it declares one.
 *
 * @example
 * ```ts
 * upstreamOf(definition.entities.tasks.actions.get)?.path; // '/tasks/{task_gid}'
 * ```
 */
export function upstreamOf(action: ActionDefinition | undefined): UpstreamSpec | undefined {
  return (action as ConnectorAction | undefined)?.upstream;
}

/**
 * Every entity/action pair of a definition that runs upstream but declares no upstream request:
 * for a connector's own test (`expect(missingUpstreams(definition)).toEqual([])`).
 *
 * @example
 * ```ts
 * missingUpstreams(definition); // [] when every list, get and download has its path
 * ```
 */
export function missingUpstreams(definition: ConnectorDefinition): string[] {
  const missing: string[] = [];
  for (const [entity, { actions }] of Object.entries(definition.entities)) {
    for (const [kind, action] of Object.entries(actions)) {
      if (kind !== 'search' && upstreamOf(action) === undefined) missing.push(`${entity}.${kind}`);
    }
  }
  return missing;
}
