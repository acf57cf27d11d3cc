import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { ConnectorType } from '@conduit/connectors';
import { type ConnectorDefinition, UnsupportedOperationError } from '@conduit/protocol';

/**
 * The definition execute requests of a connector kind are checked against: its module's, from the
 * connector registry. A kind without a module stores credentials but has no entities to execute.
 *
 * @throws UnsupportedOperationError 400 `unsupported_action` for a kind with no module
 * @example
 * ```ts
 * const definition = definitionOf(services.registry, 'task-management');
 * ```
 */
export function definitionOf(registry: ConnectorRegistry, type: ConnectorType): ConnectorDefinition {
  const module = registry.forKind(type);
  if (module) return module.definition;
  const kind = registry.kindOf(type);
  const runnable = registry.modules.map((registered) => registered.kind).join(', ');
  const message = `${kind.displayName} (${type}) connectors have no entities defined, so they cannot execute actions yet; only ${runnable} connectors can`;
  throw new UnsupportedOperationError(message, {
    status: 400,
    code: 'unsupported_action',
    details: [{ field: 'entity', message, error_code: 'unsupported_action' }],
  });
}
