import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxy } from 'proxy';

/**
 * A real HTTP forward proxy on 127.0.0.1 (the `proxy` package, a Squid-like `CONNECT` and
 * absolute-form proxy), with a log of what it was asked for: `CONNECT host:port` targets and
 * absolute-form request URLs, in order.
 *
 * @example
 * ```ts
 * const proxy = await startConnectProxy();
 * process.env.HTTPS_PROXY = proxy.url;
 * // … proxy.connects → ['api.example.test:443']
 * ```
 */
export interface ConnectProxy extends AsyncDisposable {
  /** `http://<host>:<port>`. */
  readonly url: string;
  readonly port: number;
  /** `host:port` of every `CONNECT`, in order. */
  readonly connects: string[];
  /** The URL of every absolute-form (non-tunnelled) request, in order. */
  readonly forwarded: string[];
  close(): Promise<void>;
}

/**
 * Starts a {@link ConnectProxy} on an ephemeral port of `host` (default 127.0.0.1; another
 * loopback address such as 127.0.0.2 keeps the proxy apart from the upstreams in egress tests).
 *
 * @example
 * ```ts
 * await using proxy = await startConnectProxy();
 * ```
 */
export async function startConnectProxy(host = '127.0.0.1'): Promise<ConnectProxy> {
  const connects: string[] = [];
  const forwarded: string[] = [];
  const server = createServer();
  // Tunnels are upgraded sockets the server no longer tracks: closed by hand.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Listeners registered before the proxy's see every request first.
  server.on('connect', (request) => connects.push(request.url ?? ''));
  server.on('request', (request) => forwarded.push(request.url ?? ''));
  createProxy(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://${host}:${port}`,
    port,
    connects,
    forwarded,
    close,
    [Symbol.asyncDispose]: close,
  };
}
