import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { plainJsonResponse } from '../http/json-response';
import type { NodeBindings } from '../http/node-bindings';
import type { ConduitApp } from './create-app';

/** Where and how to listen. */
export interface ListenOptions {
  readonly host: string;
  /** `0` picks a free port. */
  readonly port: number;
  /** How long `close()` waits for in-flight requests before cutting connections. Default 10 s. */
  readonly shutdownTimeoutMs?: number;
  /** Open connections at most; more are closed as they arrive. Default 1,000. */
  readonly maxConnections?: number;
  /** Time to receive a request's headers. Default 10 s. */
  readonly headersTimeoutMs?: number;
  /** Time to receive a whole request (headers and body): a slow upload is cut (408). Default 30 s. */
  readonly requestTimeoutMs?: number;
}

/** Default cap on open connections. */
export const DEFAULT_MAX_CONNECTIONS = 1000;

/** A listening HTTP server. */
export interface RunningServer {
  readonly host: string;
  readonly port: number;
  /** `http://HOST:PORT` (IPv6 hosts in brackets). */
  readonly url: string;
  /**
   * Stops accepting connections, lets in-flight requests finish (closing each connection once its
   * response is sent), and resolves when the last connection is gone or the timeout cut it.
   */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Serves the app over HTTP on Node with `@hono/node-server`, without replacing the global
 * `Request`/`Response` (the server may share a process with other code). JSON answers made by
 * `jsonResponse` are written to the socket as they are.
 *
 * @example
 * ```ts
 * const server = await listen(app, { host: '127.0.0.1', port: 0 });
 * await fetch(`${server.url}/healthz`);
 * await server.close();
 * ```
 */
export async function listen(app: ConduitApp, options: ListenOptions): Promise<RunningServer> {
  const fetch = async (request: Request, bindings: HttpBindings | Http2Bindings): Promise<Response> => {
    // An HTTP/1 server (`createAdaptorServer` makes one): never the HTTP/2 kind.
    const node = bindings as NodeBindings;
    const response = await app.fetch(request, node);
    const plain = plainJsonResponse(response);
    if (plain === undefined || node.outgoing.headersSent) return response;
    // A JSON answer goes out as the string it already is: the adapter would otherwise read it back
    // out of the `Response`'s web stream.
    node.outgoing.writeHead(plain.status, {
      ...plain.headers,
      'content-length': Buffer.byteLength(plain.body),
    });
    node.outgoing.end(plain.body);
    return RESPONSE_ALREADY_SENT;
  };
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, requestTimeout);
  const server = createAdaptorServer({
    fetch,
    overrideGlobalObjects: false,
    serverOptions: {
      // Slow clients (headers or uploads dribbled to hold connections open) are cut: Node.js
      // checks these timeouts every `connectionsCheckingInterval`, 30 s unless told otherwise.
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 2))),
    },
  }) as Server;
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const timeoutMs = options.shutdownTimeoutMs ?? 10_000;
  let closing: Promise<void> | undefined;

  return {
    host: options.host,
    port: address.port,
    url: `http://${urlHost(options.host)}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        app.startDraining();
        // Idle keep-alive connections are closed now and again as in-flight responses finish;
        // whatever is still open at the deadline is cut.
        const sweep = setInterval(() => server.closeIdleConnections(), 25);
        const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
