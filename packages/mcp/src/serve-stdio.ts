import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions } from './create-mcp-server';

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions extends McpServerOptions {
  /** Default `process.stdin`. */
  readonly stdin?: NodeJS.ReadableStream;
  /** Default `process.stdout`. */
  readonly stdout?: NodeJS.WritableStream;
}

/**
 * Serves the connectors' tools over stdio (the transport of MCP clients that start the server as
 * a child process, e.g. Claude Desktop). Nothing but protocol messages may go to stdout while it
 * runs. `closed` settles when the client closes stdin or `close()` is called.
 *
 * @example
 * ```ts
 * const served = await serveStdio({ connectors: [{ definition: asanaDefinition, executor }] });
 * await served.closed;
 * ```
 */
export async function serveStdio(
  options: ServeStdioOptions,
): Promise<{ readonly closed: Promise<void>; close(): Promise<void> }> {
  const stdin = options.stdin ?? process.stdin;
  const server = createMcpServer(options);
  const transport = new StdioServerTransport(
    stdin as ConstructorParameters<typeof StdioServerTransport>[0],
    (options.stdout ?? process.stdout) as ConstructorParameters<typeof StdioServerTransport>[1],
  );
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  // The SDK's transport does not notice the end of its input: the client closing stdin is how
  // a stdio server is told to stop.
  const onEnd = () => void server.close();
  stdin.once('end', onEnd);
  await server.connect(transport);
  const previous = transport.onclose;
  transport.onclose = () => {
    stdin.off('end', onEnd);
    previous?.();
  };
  return { closed, close: () => server.close() };
}
