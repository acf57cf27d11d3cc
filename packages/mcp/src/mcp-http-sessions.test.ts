import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asanaDefinition } from '@conduit/asana';
import { createLocalExecutor } from '@conduit/asana/deprecated';
import { createLiveMemoryProbe } from '@conduit/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer } from './create-mcp-server';
import { createMcpHttpHandler, MCP_SESSION_LIMITS, type McpHttpHandlerOptions } from './mcp-http-handler';

// Listing tools runs nothing upstream, so the executor's address is never reached.
const executor = createLocalExecutor({ auth: { token: 't' }, baseUrl: 'http://127.0.0.1:9' });
/** Any `tok-…` bearer is a user of its own, as scoped tokens of a hosted service are. */
const authenticate: McpHttpHandlerOptions['authenticate'] = async (token) =>
  token.startsWith('tok-')
    ? createMcpServer({ connectors: [{ definition: asanaDefinition, executor }] })
    : undefined;

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'soak', version: '1.0.0' } },
});

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function serve(options: Partial<McpHttpHandlerOptions> = {}) {
  const handler = createMcpHttpHandler({ authenticate, ...options });
  const server = createServer((request, response) => void handler.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  stop = async () => {
    await handler.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  const post = async (token: string, body: string, sessionId?: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
      },
      body,
    });
    await response.text();
    return response;
  };
  const initialize = async (token: string) => {
    const response = await post(token, INITIALIZE);
    expect(response.status).toBe(200);
    return response.headers.get('mcp-session-id')!;
  };
  const listTools = (token: string, sessionId: string) =>
    post(token, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), sessionId);
  return { handler, initialize, listTools };
}

describe('MCP over HTTP session limits (issue 28, finding 3)', () => {
  it('keeps the sessions of 1,500 initialize calls with one token under the cap, and the heap with them', async () => {
    const { handler, initialize } = await serve();
    // Warm up (module caches, the first server built), then measure what the calls leave behind.
    for (let index = 0; index < 20; index++) await initialize('tok-soak');
    const probe = createLiveMemoryProbe();
    const workers = 8;
    let started = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (started < 1_500) {
          started += 1;
          await initialize('tok-soak');
          expect(handler.sessionCount).toBeLessThanOrEqual(MCP_SESSION_LIMITS.maxSessionsPerToken);
          if (started % 250 === 0) probe.sample();
        }
      }),
    );
    expect(handler.sessionCount).toBe(MCP_SESSION_LIMITS.maxSessionsPerToken);
    probe.sample();
    // Eight sessions of a few hundred KiB each, beside noise; 1,500 held sessions were about a GiB.
    expect(probe.peak).toBeLessThan(48 * 1024 * 1024);
  }, 600_000);

  it('evicts the least recently used session of a token, and overall', async () => {
    const { handler, initialize, listTools } = await serve({ maxSessionsPerToken: 3, maxSessions: 5 });
    const [first, second, third] = [
      await initialize('tok-a'),
      await initialize('tok-a'),
      await initialize('tok-a'),
    ];
    expect((await listTools('tok-a', first)).status).toBe(200);
    const fourth = await initialize('tok-a');
    // The second was used least recently: it ended, the first (used since) lives on.
    expect((await listTools('tok-a', second)).status).toBe(404);
    expect((await listTools('tok-a', first)).status).toBe(200);
    expect((await listTools('tok-a', third)).status).toBe(200);
    expect(handler.sessionCount).toBe(3);

    const b = await initialize('tok-b');
    const c = await initialize('tok-c');
    expect(handler.sessionCount).toBe(5);
    await initialize('tok-d');
    // Overall full: the least recently used of all (tok-a's fourth, never used since) made room.
    expect(handler.sessionCount).toBe(5);
    for (const [token, id] of [
      ['tok-a', first],
      ['tok-a', third],
      ['tok-b', b],
      ['tok-c', c],
    ] as const) {
      expect((await listTools(token, id)).status).toBe(200);
    }
    expect((await listTools('tok-a', fourth)).status).toBe(404);
  });

  it('refuses caps that are not positive integers', () => {
    expect(() => createMcpHttpHandler({ authenticate, maxSessions: 0 })).toThrow(/maxSessions/);
    expect(() => createMcpHttpHandler({ authenticate, maxSessionsPerToken: 1.5 })).toThrow(
      /maxSessionsPerToken/,
    );
  });
});
