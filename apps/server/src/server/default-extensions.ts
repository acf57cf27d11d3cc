import { createAgentApiExtension } from '../agent-api/agent-api-extension';
import { registerAgentExecuteRoute } from '../agent-api/agent-execute-route';
import type { Environment } from '../config/environment';
import { createExecuteExtension } from '../execute/execute-extension';
import type { ServerExtension } from '../extensions/server-extension';
import { createSearchExtension } from '../search/search-extension';
import { loadSyncConfig } from '../sync/sync-config';
import { createSyncExtension } from '../sync/sync-extension';
import type { UpstreamLimiters } from '../upstream/upstream-limiters';

/**
 * The features a server runs when `createServer` is given none: what `conduit-server serve`
 * offers. Each call builds fresh instances (their caches and schedulers are per server). The sync
 * settings (`CONDUIT_SYNC_INTERVAL`, …) are read from `env`.
 *
 * @example
 * ```ts
 * const server = await createServer({ extensions: [...defaultExtensions(), auditExtension] });
 * ```
 */
export function defaultExtensions(
  env: Environment = process.env,
  shared: { limiters?: UpstreamLimiters; upstreamRateLimitOff?: boolean } = {},
): ServerExtension[] {
  return [
    // The seed's execute route, and the agent API's over the same core (the Airbyte SDK's face).
    createExecuteExtension({ faces: [registerAgentExecuteRoute] }),
    createAgentApiExtension(),
    createSearchExtension(),
    createSyncExtension({
      config: loadSyncConfig(env),
      ...(shared.limiters ? { limiters: shared.limiters } : {}),
      ...(shared.upstreamRateLimitOff ? { rateLimit: false as const } : {}),
    }),
  ];
}
