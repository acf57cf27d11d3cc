import type { SearchEnvelope } from '@conduit/protocol';
import type { ConnectorRecord } from '../store/store';

/**
 * Answers the `search` action of the execute route from a feature's synced copy (contract §3 and
 * §4). A `ServerExtension` provides it as its `search` member; the execute route calls the first
 * one it finds, and without one answers 400 `unsupported_action` ("search is not enabled").
 *
 * Before it is called, the route has checked that the caller may see `connector`, that `entity`
 * offers `search` in the connector's definition, and that `params` pass `parseSearchParams`
 * against the entity's searchable fields (400 `invalid_query`, `invalid_cursor`, … otherwise), so
 * the handler may re-parse them for their tree without a failure to expect. `params` is never
 * null (an omitted or null `params` arrives as `{}`). Throw Conduit errors with a status (e.g.
 * `invalid_cursor`) to answer with them; `signal` aborts when the caller goes away.
 *
 * @example
 * ```ts
 * const searchExtension: ServerExtension = {
 *   name: 'search',
 *   search: async (connector, entity, params, signal) => {
 *     const parsed = parseSearchParams(params, SEARCHABLE_FIELDS[entity as SearchableEntity]);
 *     return index.query(connector.id, entity, parsed, signal);
 *   },
 * };
 * ```
 */
export type SearchHandler = (
  connector: ConnectorRecord,
  entity: string,
  params: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<SearchEnvelope>;
