import type { ConnectorExecutor } from '@conduit/protocol';
import { type ConnectorClient, createConnectorClient } from './connector-client';
import { type AsanaDefinition, asanaDefinition } from './definition/definition';
import { type AsanaLocalOptions, createLocalExecutor } from './local-executor';

/** The Asana connector: `execute` and typed methods per entity. */
export type Asana = ConnectorClient<AsanaDefinition>;

/**
 * How to construct the connector: local mode with upstream credentials, or any executor (the
 * hosted executor of `@conduit/hosted`, or a test double).
 */
export type AsanaOptions = AsanaLocalOptions | { executor: ConnectorExecutor };

/**
 * Creates the Asana connector.
 *
 * @example
 * ```ts
 * const asana = createAsana({ auth: { token: process.env.ASANA_TOKEN! } });
 * const workspaces = await asana.workspaces.list();
 * for await (const task of asana.project_tasks.list({ project_gid: '1204306707626567' })) {
 *   console.log(task.gid, task.name);
 * }
 * ```
 */
export function createAsana(options: AsanaOptions): Asana {
  const executor = 'executor' in options ? options.executor : createLocalExecutor(options);
  return createConnectorClient(asanaDefinition, executor);
}
