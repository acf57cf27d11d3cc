import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { ServerExtension } from '../extensions/server-extension';
import { registerAgentApiRoutes } from './agent-api-routes';

/**
 * The agent API face of the service (docs/airbyte-python-sdk.md): the connector calls of the
 * reference hosted service under `/api/v1/integrations/connectors`, so Airbyte's Python SDK runs
 * unchanged against a self-hosted Conduit. It answers for the server's connectors
 * (`ServerServices.registry`), or for `registry` when given. Its execute route is a face of the execute feature
 * (`createExecuteExtension({ faces: [registerAgentExecuteRoute] })`), sharing its caches.
 *
 * @example
 * ```ts
 * const server = await createServer({
 *   extensions: [createExecuteExtension({ faces: [registerAgentExecuteRoute] }), createAgentApiExtension()],
 * });
 * ```
 */
export function createAgentApiExtension(registry?: ConnectorRegistry): ServerExtension {
  return {
    name: 'agent-api',
    registerRoutes(app, services) {
      registerAgentApiRoutes(app, services, registry ?? services.registry);
    },
  };
}
