import { type ConnectorKind, requireConnectorKind, UnsupportedOperationError } from '@conduit/protocol';
import type { ConnectorModule } from './connector-module';

/**
 * The connector modules a shell knows, by kind and by name. Adding a connector is adding its
 * module to the list given to {@link createConnectorRegistry} (`@conduit/connectors` holds the one
 * list the shells use).
 *
 * @example
 * ```ts
 * registry.forKind('task-management')?.name; // 'asana'
 * ```
 */
export interface ConnectorRegistry {
  readonly modules: readonly ConnectorModule[];
  /** The module of a connector kind, if one is registered. */
  forKind(kind: string): ConnectorModule | undefined;
  /** The module of a kind, else `UnsupportedOperationError` 400 `unsupported_action`. */
  requireKind(kind: string): ConnectorModule;
  /** The module named `name` (or whose kind or one of its aliases is `name`), case-insensitive. */
  find(name: string): ConnectorModule | undefined;
  /** The modules' kinds, in order: what a `connector_type`, credentials and config are checked against. */
  readonly kinds: readonly ConnectorKind<string, unknown, unknown>[];
  /**
   * The kind of a `connector_type` (canonical name or alias, case-insensitive), else the service's
   * 400 `unknown_connector_type` naming `connector_type` and the known ones.
   */
  kindOf(name: unknown): ConnectorModule['connectorKind'];
}

/**
 * Builds a registry; one module per kind.
 *
 * @example
 * ```ts
 * export const connectorRegistry = createConnectorRegistry([asanaModule]);
 * ```
 */
export function createConnectorRegistry(modules: readonly ConnectorModule[]): ConnectorRegistry {
  const byKind = new Map<string, ConnectorModule>();
  for (const module of modules) {
    if (byKind.has(module.kind)) throw new TypeError(`two connector modules of kind ${module.kind}`);
    byKind.set(module.kind, module);
  }
  const kinds = modules.map((module) => module.connectorKind);
  return {
    modules,
    kinds,
    kindOf: (name) => requireConnectorKind(kinds, name),
    forKind: (kind) => byKind.get(kind),
    requireKind(kind) {
      const module = byKind.get(kind);
      if (module) return module;
      const message = `${kind} connectors have no entities defined, so they cannot execute actions yet`;
      throw new UnsupportedOperationError(message, {
        status: 400,
        code: 'unsupported_action',
        details: [{ field: 'entity', message, error_code: 'unsupported_action' }],
      });
    },
    find(name) {
      const wanted = name.trim().toLowerCase();
      return modules.find(
        (module) =>
          module.name === wanted || module.kind === wanted || module.connectorKind.aliases.includes(wanted),
      );
    },
  };
}
