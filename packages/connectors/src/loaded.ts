import type { ConnectorRegistry } from '@conduit/connector-kit';
import { builtinConnectors } from './connectors';

/**
 * Every connector module, loaded: the `@conduit/connectors/loaded` entry, for a shell that runs
 * them all from its start (the server). Importing it loads each connector package once.
 *
 * @example
 * ```ts
 * import { connectorRegistry } from '@conduit/connectors/loaded';
 * connectorRegistry.forKind('task-management')?.definition;
 * ```
 */
export const connectorRegistry: ConnectorRegistry = await builtinConnectors.load();
