import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { EnvHttpProxyAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport } from '../create-transport';
import { useTestServers } from '../test-utils/use-test-servers';

const serve = useTestServers();
const proxies: Server[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => new Promise((resolve) => proxy.close(resolve))));
});

/**
 * A forward proxy on 127.0.0.1, real sockets: absolute-form requests for `http:` targets are
 * relayed, CONNECT opens a tunnel. It records what it was asked for.
 */
async function startProxy(): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const proxy = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const target = new URL(request.url ?? '');
    const upstream = httpRequest(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  proxy.on('connect', (request, socket, head) => {
    seen.push(`CONNECT ${request.url}`);
    const [host, port] = (request.url ?? '').split(':');
    const tunnel = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      tunnel.write(head);
      tunnel.pipe(socket);
      socket.pipe(tunnel);
    });
    tunnel.on('error', () => socket.destroy());
    socket.on('error', () => tunnel.destroy());
  });
  proxy.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxies.push(proxy);
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, seen };
}

/** undici tunnels plain http through the proxy too (CONNECT); either way the proxy carried it. */
function expectCarried(seen: string[], url: string): void {
  expect(seen).toHaveLength(1);
  expect([`GET ${url}`, `CONNECT ${new URL(url).host}`]).toContain(seen[0]);
}

describe('proxies', () => {
  it("goes through an HTTP proxy with an injected fetch on undici's EnvHttpProxyAgent", async () => {
    const server = await serve({ 'GET /tasks/1': { json: { gid: '1' } } });
    const proxy = await startProxy();
    const dispatcher = new EnvHttpProxyAgent({ httpProxy: proxy.url, httpsProxy: proxy.url, noProxy: '' });
    try {
      const transport = createTransport({
        baseUrl: server.url,
        // Node's own fetch takes a dispatcher from the undici package of the same major version.
        fetch: (input, init) => globalThis.fetch(input, { ...init, dispatcher } as RequestInit),
      });
      await expect(transport.json({ path: '/tasks/1' })).resolves.toEqual({ gid: '1' });
      expectCarried(proxy.seen, `${server.url}/tasks/1`);
      expect(server.requests).toHaveLength(1);
    } finally {
      await dispatcher.close();
    }
  });

  it('goes through the proxy of HTTP_PROXY with the default fetch when Node runs with NODE_USE_ENV_PROXY=1', async () => {
    const server = await serve({ 'GET /ping': { json: { pong: true } } });
    const proxy = await startProxy();
    // Node reads NODE_USE_ENV_PROXY at start-up, so this runs in a child process: the platform
    // fetch the transport defaults to, nothing else (the module has no imports to resolve).
    const defaultFetchModule = fileURLToPath(new URL('./default-fetch.ts', import.meta.url));
    const script = `
      const { defaultFetch } = await import(${JSON.stringify(defaultFetchModule)});
      const response = await defaultFetch()(${JSON.stringify(`${server.url}/ping`)});
      process.stdout.write(JSON.stringify(await response.json()));
    `;
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, NODE_USE_ENV_PROXY: '1', HTTP_PROXY: proxy.url, NO_PROXY: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}: ${stderr}`)),
      );
    });
    expect(JSON.parse(output)).toEqual({ pong: true });
    expectCarried(proxy.seen, `${server.url}/ping`);
  });
});
