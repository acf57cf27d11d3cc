import type { ConnectorRegistryEntry } from './connector-registry-entry';

/**
 * The connectors this CLI runs: the only place that names one. Adding a connector is adding its
 * entry here (and its package to the CLI's dependencies). Entries load their module only when a
 * command needs it, so help and completion stay fast; `credentialMethods` are the required fields
 * of the module's credential methods (checked against the module by the tests), which name the
 * settings `<name>_<field>` without loading it.
 *
 * @example
 * ```ts
 * CONNECTOR_REGISTRY.map((entry) => entry.name);
 * ```
 */
export const CONNECTOR_REGISTRY: readonly ConnectorRegistryEntry[] = [
  {
    name: 'asana',
    kind: 'task-management',
    displayName: 'Asana',
    packageName: '@conduit/asana',
    credentialMethods: [['token'], ['refresh_token', 'client_id', 'client_secret']],
    load: async () => (await import('@conduit/asana')).asanaModule,
  },
];
