import { join } from 'node:path';
import { type ServerConfig, type StartedServer, silentLogger, startServer } from '@conduit/server';

/**
 * Starts the connector service for a child-process test: port 0, an embedded store under
 * `directory/data`, upstream overrides allowed, no inbound rate limit, no log output, and the
 * upstream egress open to loopback, where the simulators listen (the egress policy refuses it
 * otherwise). `config` adds or replaces settings (an admin token…).
 *
 * @example
 * ```ts
 * server = await startLoopbackService(directory, { adminToken: ADMIN_TOKEN });
 * ```
 */
export function startLoopbackService(
  directory: string,
  config: Partial<ServerConfig> = {},
): Promise<StartedServer> {
  return startServer({
    env: {},
    logger: silentLogger,
    config: {
      port: 0,
      dataDir: join(directory, 'data'),
      allowUpstreamOverride: true,
      rateLimit: null,
      egress: { allow: ['127.0.0.0/8'] },
      ...config,
    },
  });
}
