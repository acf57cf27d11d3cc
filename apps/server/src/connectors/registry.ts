import { asanaModule } from '@conduit/asana';
import { createConnectorRegistry } from '@conduit/connector-kit';

/**
 * The connectors this server runs: the only place that names one. Adding a connector is adding
 * its module to this list (one per kind); a kind without a module stores connectors but cannot
 * execute or sync.
 *
 * @example
 * ```ts
 * connectorRegistry.forKind('task-management')?.definition;
 * ```
 */
export const connectorRegistry = createConnectorRegistry([asanaModule]);
