import type { ConnectorModule, ConnectorRegistry, ModuleExecutorOptions } from '@conduit/connector-kit';
import { type ConnectorDefinition, definedOptions } from '@conduit/protocol';
import type { McpConnector } from './mcp-connector';

/**
 * Where the tools' connectors come from: a registry of connector modules (what the server and the
 * CLI know connectors through), the modules themselves, or bare definitions (enough in hosted
 * mode, where the service runs the connectors).
 *
 * @example
 * ```ts
 * const source: ConnectorSource = createConnectorRegistry([asanaModule]);
 * ```
 */
export type ConnectorSource = ConnectorRegistry | readonly (ConnectorModule | ConnectorDefinition)[];

function isRegistry(source: ConnectorSource): source is ConnectorRegistry {
  return !Array.isArray(source) && 'modules' in source;
}

/**
 * The definitions of a source, in its order.
 *
 * @example
 * ```ts
 * definitionsOf(registry).map((definition) => definition.name); // ['asana', …]
 * ```
 */
export function definitionsOf(source: ConnectorSource): ConnectorDefinition[] {
  const items: readonly (ConnectorModule | ConnectorDefinition)[] = isRegistry(source)
    ? source.modules
    : source;
  return items.map((item) => ('entities' in item ? item : item.definition));
}

/** Options of {@link localConnector}: the module's executor options, with credentials as JSON. */
export interface LocalConnectorOptions extends Omit<ModuleExecutorOptions, 'credentials'> {
  /** The credentials JSON of one of the module's credential methods, e.g. `{ token }`. */
  readonly credentials: unknown;
  readonly prefix?: string;
}

/**
 * One connector of a module in local mode: its credentials checked by the module, its executor
 * built by the module (see `ConnectorModule.createExecutor`).
 *
 * @example
 * ```ts
 * const connector = localConnector(registry.requireKind('task-management'), { credentials: { token } });
 * const server = createMcpServer({ connectors: [connector] });
 * ```
 */
export function localConnector(module: ConnectorModule, options: LocalConnectorOptions): McpConnector {
  const { credentials, prefix, ...executorOptions } = options;
  const executor = module.createExecutor({
    ...executorOptions,
    credentials: module.parseCredentials(credentials),
  } as Parameters<ConnectorModule['createExecutor']>[0]);
  return definedOptions({ definition: module.definition, executor, prefix });
}
