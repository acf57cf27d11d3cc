/**
 * The paths of the agent API face: the connector calls of the reference hosted service as its
 * Python client sends them (`../shared/reference/hosted-service-reference.md` §1.2–§1.5), beside
 * the seed's own routes, which stay as they are.
 *
 * @example
 * ```ts
 * await fetch(`${baseUrl}${AGENT_API_PATHS.connectors}?workspace_name=user-1`, { headers });
 * ```
 */
export const AGENT_API_PATHS = {
  connectors: '/api/v1/integrations/connectors',
  connector: '/api/v1/integrations/connectors/:id',
  execute: '/api/v1/integrations/connectors/:id/execute',
} as const;
