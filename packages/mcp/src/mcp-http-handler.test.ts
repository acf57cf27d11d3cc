import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asanaDefinition, createLocalExecutor } from '@conduit/asana';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { staticTokenAuthenticator } from './authenticators';
import { createMcpHttpHandler } from './mcp-http-handler';

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('createMcpHttpHandler sessions', () => {
  it('ends a session on the client’s DELETE, and an idle one by itself', async () => {
    // Listing tools runs nothing upstream, so the executor's address is never reached.
    const executor = createLocalExecutor({ auth: { token: 't' }, baseUrl: 'http://127.0.0.1:9' });
    const handler = createMcpHttpHandler({
      authenticate: staticTokenAuthenticator('secret', {
        connectors: [{ definition: asanaDefinition, executor }],
      }),
      // Long enough that a loaded machine still lists tools before the session goes idle.
      sessionIdleMs: 1_000,
    });
    const server = createServer((request, response) => void handler.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    const connect = async () => {
      const transport = new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: 'Bearer secret' } },
      });
      const client = new Client({ name: 'sessions', version: '1.0.0' });
      await client.connect(transport);
      return { client, transport };
    };
    try {
      const first = await connect();
      expect(handler.sessionCount).toBe(1);
      await first.transport.terminateSession();
      await first.client.close();
      expect(handler.sessionCount).toBe(0);

      const idle = await connect();
      expect((await idle.client.listTools()).tools.length).toBeGreaterThan(0);
      await until(() => handler.sessionCount === 0);
      await expect(idle.client.listTools()).rejects.toThrow(/404|session/i);
      await idle.client.close();

      const wrongPath = await fetch(new URL('/other', url), { headers: { authorization: 'Bearer secret' } });
      expect(wrongPath.status).toBe(404);
    } finally {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
