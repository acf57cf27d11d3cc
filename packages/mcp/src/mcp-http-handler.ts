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
  /**
   * A session unused this long is ended (clients that vanish never send their DELETE); default
   * {@link MCP_SESSION_LIMITS}' 10 minutes. A client whose session ended gets 404 and
   * initializes again, as the MCP spec has it.
   */
  readonly sessionIdleMs?: number;
  /**
   * Open sessions of one bearer token at most; a new one ends that token's least recently used.
   * Default {@link MCP_SESSION_LIMITS}' 8.
   */
  readonly maxSessionsPerToken?: number;
  /**
   * Open sessions at most, over every token; a new one ends the least recently used. Default
   * {@link MCP_SESSION_LIMITS}' 200.
   */
  readonly maxSessions?: number;
}

/**
 * The default session limits of {@link createMcpHttpHandler}. Each session holds its own MCP server
 * (tools, schemas, a hosted client): about 0.7 MiB, so 1,500 `initialize` calls with one token
 * used to hold about a GiB until the idle time passed (issue 28). With these, one token holds at
 * most 8 sessions (an agent rarely needs more than one or two; a restart leaves the old one to be
 * evicted) and the process at most 200, about 140 MiB.
 */
export const MCP_SESSION_LIMITS = {
  sessionIdleMs: 10 * 60_000,
  maxSessionsPerToken: 8,
  maxSessions: 200,
} as const;

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly server: McpServer;
  readonly tokenDigest: Buffer;
  /** `tokenDigest` in hex: the key of the token's sessions. */
  readonly tokenKey: string;
  lastUsed: number;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`createMcpHttpHandler: ${name} must be a positive integer, got ${value}`);
  }
  return value;
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
 * the client's DELETE, after `sessionIdleMs` unused, when a newer session pushes the least
 * recently used out of a full `maxSessionsPerToken` or `maxSessions`, or on `close()`: however
 * many `initialize` calls arrive, the sessions held stay within the caps.
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
  const idleMs = options.sessionIdleMs ?? MCP_SESSION_LIMITS.sessionIdleMs;
  const perToken = positiveInteger(
    options.maxSessionsPerToken ?? MCP_SESSION_LIMITS.maxSessionsPerToken,
    'maxSessionsPerToken',
  );
  const overall = positiveInteger(options.maxSessions ?? MCP_SESSION_LIMITS.maxSessions, 'maxSessions');
  // In order of last use, least recent first: a used session is moved to the end (Map keeps
  // insertion order), so eviction takes the first entry that qualifies.
  const sessions = new Map<string, Session>();
  const ofToken = new Map<string, number>();
  const end = (id: string, session: Session) => {
    if (sessions.get(id) !== session) return;
    sessions.delete(id);
    const left = (ofToken.get(session.tokenKey) ?? 1) - 1;
    if (left === 0) ofToken.delete(session.tokenKey);
    else ofToken.set(session.tokenKey, left);
    void session.server.close();
  };
  const admit = (id: string, session: Session) => {
    if ((ofToken.get(session.tokenKey) ?? 0) >= perToken) {
      for (const [oldId, old] of sessions) {
        if (old.tokenKey !== session.tokenKey) continue;
        end(oldId, old);
        break;
      }
    }
    if (sessions.size >= overall) {
      const [oldId, old] = sessions.entries().next().value as [string, Session];
      end(oldId, old);
    }
    sessions.set(id, session);
    ofToken.set(session.tokenKey, (ofToken.get(session.tokenKey) ?? 0) + 1);
  };
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, session] of sessions) {
        // Least recently used first: the first one still fresh ends the sweep.
        if (now - session.lastUsed < idleMs) break;
        end(id, session);
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
          sessions.delete(sessionId);
          sessions.set(sessionId, session);
          return await session.transport.handleRequest(request, response);
        }
        const server = await options.authenticate(token);
        if (!server) return unauthorized(response, 'invalid or expired token');
        const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            const tokenDigest = digest(token);
            admit(id, {
              transport,
              server,
              tokenDigest,
              tokenKey: tokenDigest.toString('hex'),
              lastUsed: Date.now(),
            });
          },
        });
        transport.onclose = () => {
          const id = transport.sessionId;
          const session = id === undefined ? undefined : sessions.get(id);
          if (id !== undefined && session !== undefined) end(id, session);
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
      ofToken.clear();
      await Promise.allSettled(open.map((session) => session.server.close()));
    },
  };
}
