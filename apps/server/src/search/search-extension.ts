import type { ConnectorRegistry } from '@conduit/connector-kit';
import { findAction } from '@conduit/protocol';
import { ChangeFeed } from '../changes/change-feed';
import { registerChangeRoutes } from '../changes/change-routes';
import { definitionOf } from '../execute/connector-definitions';
import type { ServerExtension } from '../extensions/server-extension';
import type { ConnectorRecord, Store } from '../store/store';
import { SearchEngine } from './search-engine';
import { SearchIndexWriter } from './search-index-writer';
import { SEARCH_MIGRATIONS } from './search-migrations';

/** The search feature, with its engine once the app is built. */
export interface SearchExtension extends ServerExtension {
  readonly engine: SearchEngine | undefined;
}

/**
 * The search feature (contract §4): the tables holding synced records and their change feed
 * (applied as its migrations), the `search` action of the execute route over them, the change
 * feed's route, and erasing a connector's records when it is deleted. The sync feature fills the
 * tables.
 *
 * @example
 * ```ts
 * const server = await createServer({ extensions: [createExecuteExtension(), createSearchExtension(), createSyncExtension()] });
 * ```
 */
export function createSearchExtension(): SearchExtension {
  let store: Store | undefined;
  let registry: ConnectorRegistry | undefined;
  let engine: SearchEngine | undefined;
  const storeOf = (): Store => {
    if (!store) throw new Error('the search feature is used before the app was built');
    return store;
  };
  const registryOf = (): ConnectorRegistry => {
    if (!registry) throw new Error('the search feature is used before the app was built');
    return registry;
  };
  return {
    name: 'search',
    migrations: SEARCH_MIGRATIONS,
    get engine() {
      return engine;
    },
    registerRoutes(app, services) {
      store = services.store;
      registry = services.registry;
      engine = new SearchEngine(store);
      const feed = new ChangeFeed(store.db);
      registerChangeRoutes(app, services, () => feed);
    },
    search: async (connector: ConnectorRecord, entity, params, signal) => {
      const action = findAction(definitionOf(registryOf(), connector.connectorType), entity, 'search');
      // The execute route checked the entity offers search before calling.
      const fields = 'error' in action ? {} : (action.searchableFields ?? {});
      const unsearchable = 'error' in action ? undefined : action.unsearchableFields;
      engine ??= new SearchEngine(storeOf());
      return engine.search(
        { connectorId: connector.id, entity, fields, ...(unsearchable ? { unsearchable } : {}) },
        params,
        signal,
      );
    },
    beforeConnectorDelete: (tx, connector) =>
      new SearchIndexWriter(storeOf().dialect).eraseConnector(tx, connector.id),
  };
}
