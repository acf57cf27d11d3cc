import type { ConnectorRegistry } from '@conduit/connector-kit';

interface SyncKinds {
  readonly syncable: readonly string[];
  readonly watchable: readonly string[];
}

// Read on every scheduler tick and sync request: worked out once per registry.
const kindsOf = new WeakMap<ConnectorRegistry, SyncKinds>();

function syncKinds(registry: ConnectorRegistry): SyncKinds {
  let kinds = kindsOf.get(registry);
  if (kinds === undefined) {
    kinds = {
      syncable: registry.modules.filter((module) => module.sync !== undefined).map((module) => module.kind),
      watchable: registry.modules
        .filter((module) => module.sync?.changes !== undefined)
        .map((module) => module.kind),
    };
    kindsOf.set(registry, kinds);
  }
  return kinds;
}

/**
 * The connector kinds of a registry a sync exists for: those whose module has a sync plan.
 *
 * @example
 * ```ts
 * if (!syncableTypes(services.registry).includes(connector.connectorType)) throw notSyncable(connector);
 * ```
 */
export function syncableTypes(registry: ConnectorRegistry): readonly string[] {
  return syncKinds(registry).syncable;
}

/** The connector kinds whose sync plan declares an upstream change stream to watch. */
export function watchableTypes(registry: ConnectorRegistry): readonly string[] {
  return syncKinds(registry).watchable;
}
