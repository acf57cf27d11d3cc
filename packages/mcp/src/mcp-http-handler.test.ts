import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asanaDefinition } from '@conduit/asana';
import { createLocalExecutor } from '@conduit/asana/deprecated';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staticTokenAuthenticator } from './authenticators';
import { createMcpHttpHandler } from './mcp-http-handler';

describe('createMcpHttpHandler sessions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends a session on the client’s DELETE, and an idle one by itself', async () => {
    // Listing tools runs nothing upstream, so the executor's address is never reached.
    const executor = createLocalExecutor({ auth: { token: 't' }, baseUrl: 'http://127.0.0.1:9' });
    // The idle sweep reads Date and runs on setInterval; only those are faked, so the session
    // goes idle when the test says, not when a loaded machine happens to pause between two
    // requests longer than a short real limit (a 100 ms, then 1 s limit ended sessions mid-test).
    // Sockets, the SDK's request timeouts and Node's HTTP timers keep the real clock.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const idleMs = 30 * 60_000;
    const handler = createMcpHttpHandler({
      authenticate: staticTokenAuthenticator('secret', {
        connectors: [{ definition: asanaDefinition, executor }],
      }),
      sessionIdleMs: idleMs,
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
      vi.advanceTimersByTime(idleMs - 1);
      expect(handler.sessionCount).toBe(1);
      vi.advanceTimersByTime(idleMs);
      await vi.waitFor(() => expect(handler.sessionCount).toBe(0));
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
