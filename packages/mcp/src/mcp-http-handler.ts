import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * Decides what a bearer token may use: the MCP server for it (built once per session), or
 * `undefined` to answer 401. Throwing answers 502 with the message.
 *
 * @example
 * ```ts
 * const authenticate: McpAuthenticator = async (token) => (token === expected ? createMcpServer({ connectors }) : undefined);
 * ```
 */
export type McpAuthenticator = (token: string) => Promise<McpServer | undefined>;

/** Options of {@link createMcpHttpHandler}. */
export interface McpHttpHandlerOptions {
  readonly authenticate: McpAuthenticator;
  /** The endpoint's path; default `/mcp`. */
  readonly path?: string;
  /** A session unused this long is ended (clients that vanish never send their DELETE); default 30 min. */
  readonly sessionIdleMs?: number;
}

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly server: McpServer;
  readonly tokenDigest: Buffer;
  lastUsed: number;
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function bearerToken(request: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

function answer(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * A `node:http` request handler serving MCP's Streamable HTTP transport at `/mcp`, behind bearer
 * auth. A request without a session authenticates its token and starts a session (an
 * `initialize`); every later request of the session must carry the same token. Sessions end on
 * the client's DELETE or `close()`.
 *
 * @example
 * ```ts
 * const handler = createMcpHttpHandler({ authenticate });
 * http.createServer((req, res) => void handler.handle(req, res)).listen(27010);
 * ```
 */
export function createMcpHttpHandler(options: McpHttpHandlerOptions): {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Ends every session. */
  close(): Promise<void>;
  /** How many sessions are open. */
  readonly sessionCount: number;
} {
  const path = options.path ?? '/mcp';
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const sessions = new Map<string, Session>();
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, session] of sessions) {
        if (now - session.lastUsed < idleMs) continue;
        sessions.delete(id);
        void session.server.close();
      }
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref();
  const unauthorized = (response: ServerResponse, why: string) =>
    answer(response, 401, why, { 'www-authenticate': 'Bearer realm="conduit-mcp"' });

  return {
    async handle(request, response) {
      try {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (url.pathname !== path) return answer(response, 404, `not found; the MCP endpoint is ${path}`);
        const token = bearerToken(request);
        if (token === undefined) return unauthorized(response, 'missing bearer token');
        const sessionId = request.headers['mcp-session-id'];
        if (typeof sessionId === 'string') {
          const session = sessions.get(sessionId);
          if (!session) return answer(response, 404, 'unknown or ended session; initialize again');
          if (!timingSafeEqual(session.tokenDigest, digest(token))) {
            return unauthorized(response, 'the token does not match the session');
          }
          session.lastUsed = Date.now();
          return await session.transport.handleRequest(request, response);
        }
        const server = await options.authenticate(token);
        if (!server) return unauthorized(response, 'invalid or expired token');
        const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            sessions.set(id, { transport, server, tokenDigest: digest(token), lastUsed: Date.now() });
          },
        });
        transport.onclose = () => {
          if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
        };
        await server.connect(transport);
        await transport.handleRequest(request, response);
        // A request that did not start a session (not an initialize) leaves nothing behind.
        if (transport.sessionId === undefined) await server.close();
      } catch (error) {
        if (!response.headersSent)
          answer(response, 502, error instanceof Error ? error.message : String(error));
        else response.end();
      }
    },
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      clearInterval(sweep);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.server.close()));
    },
  };
}
