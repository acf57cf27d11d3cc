import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions } from './create-mcp-server';

/**
 * Serves the connectors' tools over stdio (the transport of MCP clients that start the server as
 * a child process, e.g. Claude Desktop). Resolves once connected; the process then lives until
 * stdin closes. Nothing but protocol messages may go to stdout from then on.
 *
 * @example
 * ```ts
 * await serveStdio({ connectors: [{ definition: asanaDefinition, executor }] });
 * ```
 */
export async function serveStdio(
  options: McpServerOptions & { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream },
): Promise<{ close(): Promise<void> }> {
  const server = createMcpServer(options);
  const transport = new StdioServerTransport(
    options.stdin as ConstructorParameters<typeof StdioServerTransport>[0],
    options.stdout as ConstructorParameters<typeof StdioServerTransport>[1],
  );
  await server.connect(transport);
  return { close: () => server.close() };
}
