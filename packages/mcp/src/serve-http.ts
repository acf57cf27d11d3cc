import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHttpHandler, type McpHttpHandlerOptions } from './mcp-http-handler';

/** Options of {@link serveHttp}. */
export interface ServeHttpOptions extends McpHttpHandlerOptions {
  /** Default 0 (an ephemeral port). */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
}

/**
 * Listens for MCP clients over Streamable HTTP at `http://HOST:PORT/mcp`.
 *
 * @example
 * ```ts
 * const served = await serveHttp({ port: 27010, authenticate });
 * console.error(`MCP at ${served.url}`);
 * await served.close();
 * ```
 */
export async function serveHttp(options: ServeHttpOptions): Promise<{ url: string; close(): Promise<void> }> {
  const handler = createMcpHttpHandler(options);
  const server = createServer((request, response) => void handler.handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${options.path ?? '/mcp'}`,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
