import { createHash, timingSafeEqual } from 'node:crypto';
import { HostedClient, type HostedClientOptions } from '@conduit/hosted';
import type { ConnectorSource } from './connector-source';
import { createMcpServer, type McpServerOptions } from './create-mcp-server';
import { hostedConnectors, isRefusedToken } from './hosted-connectors';
import type { McpAuthenticator } from './mcp-http-handler';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Local mode over HTTP: one token, chosen by whoever starts the server, opens the connectors'
 * tools (compared in constant time).
 *
 * @example
 * ```ts
 * const authenticate = staticTokenAuthenticator(process.env.CONDUIT_MCP_TOKEN!, { connectors });
 * ```
 */
export function staticTokenAuthenticator(token: string, options: McpServerOptions): McpAuthenticator {
  const expected = digest(token);
  return async (given) => (timingSafeEqual(expected, digest(given)) ? createMcpServer(options) : undefined);
}

/** Options of {@link hostedTokenAuthenticator}. */
export interface HostedTokenAuthenticatorOptions extends Omit<McpServerOptions, 'connectors'> {
  /** How to reach the service (`baseUrl`, `fetch`, …); the token comes from each client. */
  readonly hosted: Partial<Omit<HostedClientOptions, 'scopedToken'>>;
  /** The connectors the tools come from: a registry, modules or definitions. */
  readonly source: ConnectorSource;
  /** Only connectors of this name or kind. */
  readonly only?: string;
}

/**
 * Hosted mode over HTTP: the bearer is a scoped token of the hosted service. The service itself
 * checks it when the session starts by listing the token user's connectors (a refused token
 * answers 401), and every tool call goes through the service with it.
 *
 * @example
 * ```ts
 * const authenticate = hostedTokenAuthenticator({ hosted: { baseUrl }, source: registry });
 * ```
 */
export function hostedTokenAuthenticator(options: HostedTokenAuthenticatorOptions): McpAuthenticator {
  const { hosted, source, only, ...serverOptions } = options;
  return async (token) => {
    const client = new HostedClient({ ...hosted, scopedToken: token });
    try {
      const connectors = await hostedConnectors({ client, source, only });
      return createMcpServer({ ...serverOptions, connectors });
    } catch (error) {
      if (isRefusedToken(error)) return undefined;
      throw error;
    }
  };
}
