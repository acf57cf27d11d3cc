import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createRecordedRequest, type RecordedRequest } from './recorded-request';
import { compileRoutePattern, type RoutePattern } from './route-pattern';
import { faultReply, type InjectOptions, type TestFault } from './test-fault';
import { type TestReply, writeTestReply } from './test-reply';

/**
 * What a handler gets besides the request.
 *
 * @example
 * ```ts
 * const handler: TestHandler = (_request, { response, signal }) => {
 *   signal.addEventListener('abort', () => console.log('client left'));
 *   response.end('raw');
 * };
 * ```
 */
export interface TestHandlerContext {
  /** The raw response, for handlers that write it themselves (they must end it). */
  readonly response: ServerResponse;
  /** Aborts when the client disconnects or the server closes: stop producing then. */
  readonly signal: AbortSignal;
}

/**
 * Answers a request: return a {@link TestReply}, or write `context.response` yourself and return
 * nothing. A handler that throws gets a 500 (or a dropped connection if it had started answering).
 *
 * @example
 * ```ts
 * const handler: TestHandler = (request) => ({ json: { data: { gid: request.params.gid } } });
 * ```
 */
export type TestHandler = (
  request: RecordedRequest,
  context: TestHandlerContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: handlers that write the response themselves return nothing.
) => TestReply | undefined | void | Promise<TestReply | undefined | void>;

/**
 * Routes by pattern (`GET /tasks/:gid`, `/files/*`, `*`), tried in insertion order. A value may be a
 * handler or a fixed reply. Unmatched requests get a 404 JSON body.
 *
 * @example
 * ```ts
 * const routes: TestRoutes = {
 *   'GET /users/me': { json: { data: { gid: '1' } } },
 *   'POST /oauth/token': (request) => ({ json: { access_token: 'a', expires_in: 3600 } }),
 * };
 * ```
 */
export type TestRoutes = Record<string, TestHandler | TestReply>;

/**
 * Options of {@link startTestServer}.
 *
 * @example
 * ```ts
 * const server = await startTestServer(routes, { host: '127.0.0.1' });
 * ```
 */
export interface TestServerOptions {
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
}

/**
 * A running test server. Close it when done (`await using server = …` does).
 *
 * @example
 * ```ts
 * await using server = await startTestServer({ 'GET /ping': { json: { ok: true } } });
 * server.inject({ kind: 'server-error', status: 503 }, { times: 2 });
 * const response = await fetch(`${server.url}/ping`); // 503
 * expect(server.requests).toHaveLength(1);
 * ```
 */
export interface TestServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  /** Every request received, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** The requests matching a route pattern. */
  requestsTo(pattern: string): RecordedRequest[];
  clearRequests(): void;
  /** Injects a fault for the next `times` requests (matching `route`, if given). Faults apply in injection order. */
  inject(fault: TestFault, options?: InjectOptions): void;
  /** Faults still waiting for requests. */
  readonly pendingFaults: number;
  clearFaults(): void;
  /**
   * Stops listening, drops every open connection (stalled ones included) and stops every handler's
   * work through its signal. Resolves when the server is fully closed; safe to call twice.
   */
  close(): Promise<void>;
}

interface PendingFault {
  fault: TestFault;
  remaining: number;
  route: RoutePattern | undefined;
}

/**
 * Starts a real `node:http` server on 127.0.0.1 with an ephemeral port, for testing HTTP clients
 * against real sockets: routes or one handler, a request log, and injectable faults (429s, 5xx,
 * delays, stalls, connection resets).
 *
 * @example
 * ```ts
 * const server = await startTestServer({
 *   'GET /tasks/:gid': (request) => ({ json: { data: { gid: request.params.gid } } }),
 * });
 * try {
 *   server.inject({ kind: 'rate-limit', retryAfter: 1 });
 *   await client.getTask('1'); // the client sees a 429, then the task
 *   expect(server.requestsTo('GET /tasks/:gid')).toHaveLength(2);
 * } finally {
 *   await server.close();
 * }
 * ```
 */
export async function startTestServer(
  handlerOrRoutes: TestHandler | TestRoutes,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const routes = (
    typeof handlerOrRoutes === 'function' ? { '*': handlerOrRoutes } : handlerOrRoutes
  ) as TestRoutes;
  const compiled = Object.entries(routes).map(([pattern, target]) => ({
    pattern: compileRoutePattern(pattern),
    target,
  }));
  const log: RecordedRequest[] = [];
  let faults: PendingFault[] = [];
  const sockets = new Set<Socket>();
  const active = new Set<AbortController>();
  let closing: Promise<void> | undefined;

  const takeFault = (method: string, path: string): TestFault | undefined => {
    const found = faults.find(
      (pending) => pending.remaining > 0 && (!pending.route || pending.route.match(method, path)),
    );
    if (!found) return undefined;
    found.remaining -= 1;
    faults = faults.filter((pending) => pending.remaining > 0);
    return found.fault;
  };

  const handle = async (incoming: IncomingMessage, response: ServerResponse): Promise<void> => {
    const controller = new AbortController();
    active.add(controller);
    // `close` fires when the response finishes or the connection dies; either way, stop working.
    response.once('close', () => {
      controller.abort();
      active.delete(controller);
    });
    const { signal } = controller;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
    } catch {
      return; // the client went away while sending the body
    }
    const method = (incoming.method ?? 'GET').toUpperCase();
    const url = incoming.url ?? '/';
    const path = new URL(url, 'http://test.invalid').pathname;
    let params: Record<string, string> = {};
    let target: TestHandler | TestReply | undefined;
    for (const route of compiled) {
      const matched = route.pattern.match(method, path);
      if (matched) {
        params = matched;
        target = route.target;
        break;
      }
    }
    const request = createRecordedRequest({
      method,
      url,
      headers: incoming.headers,
      body: Buffer.concat(chunks),
      params,
    });
    log.push(request);

    try {
      const fault = takeFault(method, path);
      if (fault) {
        const reply = faultReply(fault);
        if (reply) return await writeTestReply(response, reply, signal);
        if (fault.kind === 'delay') {
          await delay(fault.ms, signal);
        } else if (fault.kind === 'stall' || fault.kind === 'reset') {
          if (fault.afterBytes === undefined) {
            if (fault.kind === 'reset') resetSocket(incoming.socket);
            // A stall without afterBytes: leave the request unanswered until the client or close() ends it.
            return;
          }
          limitBody(response, fault.afterBytes, fault.kind);
        }
      }
      if (signal.aborted) return;
      let reply: TestReply | undefined;
      if (target === undefined) {
        reply = {
          status: 404,
          json: { errors: [{ message: `No route for ${method} ${path} (test server)` }] },
        };
      } else if (typeof target === 'function') {
        reply = (await target(request, { response, signal })) ?? undefined;
      } else {
        reply = target;
      }
      if (reply) await writeTestReply(response, reply, signal);
    } catch (error) {
      if (signal.aborted) return;
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      await writeTestReply(
        response,
        { status: 500, json: { errors: [{ message: `Test handler failed: ${message}` }] } },
        signal,
      );
    }
  };

  const server = createServer((incoming, response) => {
    void handle(incoming, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A client resetting mid-request would otherwise surface as an unhandled socket error.
  server.on('clientError', (_error, socket) => socket.destroy());

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server has no TCP address');
  const port = address.port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;

  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const controller of active) controller.abort();
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };

  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    get requests() {
      return log;
    },
    requestsTo(pattern) {
      const compiledPattern = compileRoutePattern(pattern);
      return log.filter((request) => compiledPattern.match(request.method, request.path) !== undefined);
    },
    clearRequests() {
      log.length = 0;
    },
    inject(fault, injectOptions = {}) {
      const times = injectOptions.times ?? 1;
      if (!(times > 0)) return;
      faults.push({
        fault,
        remaining: times,
        route: injectOptions.route === undefined ? undefined : compileRoutePattern(injectOptions.route),
      });
    },
    get pendingFaults() {
      return faults.reduce((sum, pending) => sum + pending.remaining, 0);
    },
    clearFaults() {
      faults = [];
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Drops the connection with a TCP RST where the platform allows, so the client sees ECONNRESET. */
function resetSocket(socket: Socket): void {
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

/**
 * Lets the first `afterBytes` body bytes of the response through (all of a shorter body), then
 * stalls (swallows the rest, never ending the response) or drops the connection once those bytes
 * are flushed.
 */
function limitBody(response: ServerResponse, afterBytes: number, action: 'stall' | 'reset'): void {
  const write = response.write.bind(response) as (chunk: Uint8Array, callback?: () => void) => boolean;
  let sent = 0;
  let tripped = false;

  const trip = (last: Uint8Array) => {
    tripped = true;
    const cut = () => {
      if (action === 'reset') response.socket?.destroy();
    };
    if (last.byteLength > 0) {
      write(last, cut);
    } else {
      // Headers still have to reach the client before the cut.
      response.flushHeaders();
      if (action === 'reset') setImmediate(cut);
    }
  };

  const limitedWrite = (chunk: unknown, encodingOrCallback?: unknown, maybeCallback?: unknown): boolean => {
    const callback = [encodingOrCallback, maybeCallback].find((value) => typeof value === 'function') as
      | ((error?: Error | null) => void)
      | undefined;
    if (tripped) {
      // Pretend all is well, so the handler finishes; the client never gets these bytes.
      if (callback) queueMicrotask(() => callback());
      return true;
    }
    const encoding = typeof encodingOrCallback === 'string' ? (encodingOrCallback as BufferEncoding) : 'utf8';
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : (chunk as Uint8Array);
    const room = afterBytes - sent;
    if (bytes.byteLength < room) {
      sent += bytes.byteLength;
      return write(bytes, callback);
    }
    sent = afterBytes;
    trip(bytes.subarray(0, room));
    if (callback) queueMicrotask(() => callback());
    return true;
  };

  response.write = limitedWrite as ServerResponse['write'];
  response.end = ((chunk?: unknown, encodingOrCallback?: unknown, maybeCallback?: unknown) => {
    if (chunk !== undefined && typeof chunk !== 'function' && chunk !== null) {
      limitedWrite(chunk, encodingOrCallback, maybeCallback);
    }
    // A body shorter than the limit is cut at its end: the fault always shows.
    if (!tripped) trip(new Uint8Array(0));
    return response;
  }) as ServerResponse['end'];
}
