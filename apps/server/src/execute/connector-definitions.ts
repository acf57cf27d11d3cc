import { asanaDefinition } from '@conduit/asana';
import {
  type ConnectorDefinition,
  type ConnectorType,
  connectorKinds,
  UnsupportedOperationError,
} from '@conduit/protocol';

/**
 * The entities and actions of each connector kind the server can execute. The support-desk and
 * CRM kinds store credentials but have no entities defined yet (seed 000 does not show them).
 */
const DEFINITIONS: Readonly<Partial<Record<ConnectorType, ConnectorDefinition>>> = {
  'task-management': asanaDefinition,
};

/**
 * The definition execute requests of a connector kind are checked against.
 *
 * @throws UnsupportedOperationError 400 `unsupported_action` for a kind with no entities defined
 * @example
 * ```ts
 * const definition = definitionOf('task-management'); // asanaDefinition
 * ```
 */
export function definitionOf(type: ConnectorType): ConnectorDefinition {
  const definition = DEFINITIONS[type];
  if (definition) return definition;
  const kind = connectorKinds[type];
  const message = `${kind.displayName} (${type}) connectors have no entities defined, so they cannot execute actions yet; only task-management connectors can`;
  throw new UnsupportedOperationError(message, {
    status: 400,
    code: 'unsupported_action',
    details: [{ field: 'entity', message, error_code: 'unsupported_action' }],
  });
}
