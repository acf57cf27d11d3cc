import { findAction, requireConnectorType } from '@conduit/protocol';
import { definitionOf } from '../execute/connector-definitions';
import type { ServerExtension } from '../extensions/server-extension';
import { migration0002SearchIndex } from '../store/migrations/0002-search-index';
import type { ConnectorRecord, Store } from '../store/store';
import { SearchEngine } from './search-engine';
import { SearchIndexWriter } from './search-index-writer';

/** The search feature, with its engine once the app is built. */
export interface SearchExtension extends ServerExtension {
  readonly engine: SearchEngine | undefined;
}

/**
 * The search feature (contract §4): the tables holding synced records (applied as its
 * migration), the `search` action of the execute route over them, and erasing a connector's
 * records when it is deleted. The sync feature fills the tables.
 *
 * @example
 * ```ts
 * const server = await createServer({ extensions: [createExecuteExtension(), createSearchExtension(), createSyncExtension()] });
 * ```
 */
export function createSearchExtension(): SearchExtension {
  let store: Store | undefined;
  let engine: SearchEngine | undefined;
  const storeOf = (): Store => {
    if (!store) throw new Error('the search feature is used before the app was built');
    return store;
  };
  return {
    name: 'search',
    migrations: [migration0002SearchIndex],
    get engine() {
      return engine;
    },
    registerRoutes(_app, services) {
      store = services.store;
      engine = new SearchEngine(store);
    },
    search: async (connector: ConnectorRecord, entity, params, signal) => {
      const action = findAction(
        definitionOf(requireConnectorType(connector.connectorType)),
        entity,
        'search',
      );
      // The execute route checked the entity offers search before calling.
      const fields = 'error' in action ? {} : (action.searchableFields ?? {});
      engine ??= new SearchEngine(storeOf());
      return engine.search({ connectorId: connector.id, entity, fields }, params, signal);
    },
    beforeConnectorDelete: (tx, connector) =>
      new SearchIndexWriter(storeOf().dialect).eraseConnector(tx, connector.id),
  };
}
