import type { ConnectorDefinition, ConnectorExecutor } from '@conduit/protocol';

/**
 * One connector as the tools see it: its definition (names, descriptions, schemas), the executor
 * that runs its actions (local or hosted), and how its tools are named.
 *
 * @example
 * ```ts
 * const connector: McpConnector = { definition: asanaDefinition, executor: createLocalExecutor({ auth: { token } }) };
 * ```
 */
export interface McpConnector {
  readonly definition: ConnectorDefinition;
  readonly executor: ConnectorExecutor;
  /** Tool name prefix; default the definition's name (`asana` → `asana_tasks_list`). */
  readonly prefix?: string;
  /**
   * Which connector the tools act on, when several of one kind are served (e.g. a connector's
   * name): told in every description as a JSON-quoted value, never as text of the description.
   */
  readonly label?: string;
}
