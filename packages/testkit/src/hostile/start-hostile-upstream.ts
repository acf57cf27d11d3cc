import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * What a hostile upstream answers every request with:
 * - `ok`: a small, valid listing page (`{data: [...], next_page: null}`);
 * - `gzip-bomb`: `content-encoding: gzip`, a few MiB on the wire that decode to `decodedMiB`;
 * - `nested-gzip`: `content-encoding: gzip, gzip`, a few KiB that decode to `decodedMiB`;
 * - `huge-page`: a listing page of `pageMiB` of JSON, streamed, without `content-length`;
 * - `redirect`: 302 to `redirectTo`;
 * - `slow-body`: `content-length` announced, one byte every `dripMs`.
 *
 * @example
 * ```ts
 * const attack: HostileAttack = 'nested-gzip';
 * ```
 */
export type HostileAttack = 'ok' | 'gzip-bomb' | 'nested-gzip' | 'huge-page' | 'redirect' | 'slow-body';

/**
 * Options of {@link startHostileUpstream}.
 *
 * @example
 * ```ts
 * const options: HostileUpstreamOptions = { attack: 'gzip-bomb', decodedMiB: 1024 };
 * ```
 */
export interface HostileUpstreamOptions {
  attack?: HostileAttack;
  /** What the bombs decode to, in MiB. Default 1,024. */
  decodedMiB?: number;
  /** The size of `huge-page`, in MiB. Default 400. */
  pageMiB?: number;
  /** Where `redirect` points. */
  redirectTo?: string;
  /** Delay between the bytes of `slow-body`. Default 1,000 ms. */
  dripMs?: number;
}

/**
 * A running hostile upstream: change `attack` (and the other options) between requests.
 *
 * @example
 * ```ts
 * const upstream = await startHostileUpstream();
 * upstream.set({ attack: 'redirect', redirectTo: 'http://127.0.0.1:1/' });
 * ```
 */
export interface HostileUpstream extends AsyncDisposable {
  readonly url: string;
  readonly port: number;
  /** Requests received so far (method and path). */
  readonly requests: readonly string[];
  /** Bytes written to the socket for response bodies so far. */
  readonly bodyBytesSent: number;
  set(options: HostileUpstreamOptions): void;
  /** Stops the server, cutting open connections; what `await using` calls. Safe to call twice. */
  close(): Promise<void>;
}

const MEMBER_MIB = 64;
let member: Buffer | undefined;
// One gzip member of 64 MiB of zeros (~64 KiB); members concatenated decode to the concatenation,
// so a bomb of any size costs one compression.
function zeroMember(): Buffer {
  member ??= gzipSync(Buffer.alloc(MEMBER_MIB * 1024 * 1024), { level: 9 });
  return member;
}

function gzipBomb(decodedMiB: number): Buffer {
  const count = Math.max(1, Math.ceil(decodedMiB / MEMBER_MIB));
  return Buffer.concat(Array.from({ length: count }, () => zeroMember()));
}

const nestedCache = new Map<number, Buffer>();
function nestedBomb(decodedMiB: number): Buffer {
  let bomb = nestedCache.get(decodedMiB);
  if (!bomb) {
    bomb = gzipSync(gzipBomb(decodedMiB), { level: 9 });
    nestedCache.set(decodedMiB, bomb);
  }
  return bomb;
}

function record(index: number): string {
  return JSON.stringify({
    gid: String(1_000_000 + index),
    resource_type: 'task',
    name: `hostile record ${index} ${'x'.repeat(200)}`,
  });
}

async function writeWithBackpressure(response: ServerResponse, chunk: string | Buffer): Promise<boolean> {
  if (response.destroyed) return false;
  if (response.write(chunk)) return true;
  return new Promise<boolean>((resolve) => {
    const onDrain = () => {
      response.off('close', onClose);
      resolve(true);
    };
    const onClose = () => {
      response.off('drain', onDrain);
      resolve(false);
    };
    response.once('drain', onDrain);
    response.once('close', onClose);
  });
}

/**
 * Starts an upstream on 127.0.0.1 (ephemeral port) that attacks whoever calls it: decompression
 * bombs (nested encodings included), a listing page hundreds of MiB long, redirects (to loopback,
 * say) and bodies that drip. For tests and benchmarks of what a client does with such answers.
 *
 * @example
 * ```ts
 * const upstream = await startHostileUpstream({ attack: 'nested-gzip' });
 * await expect(fetchThroughBounds(upstream.url)).rejects.toThrow(ResponseLimitError);
 * await upstream.close();
 * ```
 */
export async function startHostileUpstream(initial: HostileUpstreamOptions = {}): Promise<HostileUpstream> {
  let options: HostileUpstreamOptions = { ...initial };
  const requests: string[] = [];
  let bodyBytesSent = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    const attack = options.attack ?? 'ok';
    const decodedMiB = options.decodedMiB ?? 1024;
    switch (attack) {
      case 'ok': {
        const body = JSON.stringify({
          data: [{ gid: '1', name: 'one', resource_type: 'workspace' }],
          next_page: null,
        });
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        });
        bodyBytesSent += Buffer.byteLength(body);
        response.end(body);
        return;
      }
      case 'gzip-bomb':
      case 'nested-gzip': {
        const body = attack === 'gzip-bomb' ? gzipBomb(decodedMiB) : nestedBomb(decodedMiB);
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': attack === 'gzip-bomb' ? 'gzip' : 'gzip, gzip',
          'content-length': body.length,
        });
        for (let offset = 0; offset < body.length; offset += 64 * 1024) {
          const chunk = body.subarray(offset, offset + 64 * 1024);
          if (!(await writeWithBackpressure(response, chunk))) return;
          bodyBytesSent += chunk.length;
        }
        response.end();
        return;
      }
      case 'huge-page': {
        const target = (options.pageMiB ?? 400) * 1024 * 1024;
        response.writeHead(200, { 'content-type': 'application/json' });
        let written = 0;
        let index = 0;
        let chunk = '{"data":[';
        while (written < target) {
          const parts: string[] = [];
          for (let n = 0; n < 200; n += 1) parts.push(record(index++));
          chunk += parts.join(',');
          if (!(await writeWithBackpressure(response, chunk))) return;
          written += chunk.length;
          bodyBytesSent += chunk.length;
          chunk = ',';
        }
        response.end('],"next_page":null}');
        return;
      }
      case 'redirect': {
        response.writeHead(302, { location: options.redirectTo ?? '/', 'content-length': 0 });
        response.end();
        return;
      }
      case 'slow-body': {
        const length = 1024;
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': length });
        for (let n = 0; n < length; n += 1) {
          if (!(await writeWithBackpressure(response, 'x'))) return;
          bodyBytesSent += 1;
          await new Promise((resolve) => setTimeout(resolve, options.dripMs ?? 1000));
        }
        response.end();
        return;
      }
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return requests;
    },
    get bodyBytesSent() {
      return bodyBytesSent;
    },
    set(next) {
      options = { ...options, ...next };
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
