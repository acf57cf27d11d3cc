import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ConduitError, NetworkError, NotFoundError, TimeoutError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { bearerAuth } from '../auth/bearer-auth';
import { createTransport } from '../create-transport';
import { RateLimiter } from '../limit/rate-limiter';
import { useTestServers } from '../test-utils/use-test-servers';

const serve = useTestServers();

const MiB = 1024 * 1024;

/** `total` bytes in chunks of `chunkSize`, generated as they are pulled (one reused buffer). */
function* generated(total: number, chunkSize: number): Generator<Uint8Array> {
  const chunk = new Uint8Array(chunkSize);
  for (let index = 0; index < chunkSize; index += 1) chunk[index] = index % 251;
  for (let sent = 0; sent < total; sent += chunkSize)
    yield chunk.subarray(0, Math.min(chunkSize, total - sent));
}

describe('transport.stream', () => {
  it('reads a 1 GiB body with flat memory and an exact byte count', async () => {
    const total = 1024 * MiB;
    const server = await serve({
      'GET /files/big.bin': {
        headers: { 'content-length': total, 'content-type': 'application/octet-stream' },
        body: () => generated(total, 256 * 1024),
      },
      'GET /files/warm-up.bin': { body: () => generated(32 * MiB, 256 * 1024) },
    });
    const transport = createTransport({ baseUrl: server.url, auth: bearerAuth('t') });
    // The first request starts undici (its llhttp WebAssembly instance, compiled code): a one-time
    // cost of tens of MiB that is not the stream's. Warm up, then take the baseline.
    const warmUp = await transport.stream({ path: '/files/warm-up.bin' });
    for await (const _chunk of warmUp.body) {
      // drain
    }
    // undici allocates a new buffer per chunk and V8 frees them only under pressure, so raw RSS
    // mostly shows collector lag. Collecting at each checkpoint measures what the stream retains.
    const collect = exposeGc();
    collect();
    const before = process.memoryUsage();
    const growth = { rss: 0, heap: 0 };
    let bytes = 0;
    let checksum = 0;
    let nextCheckpoint = 32 * MiB;

    const response = await transport.stream({ path: '/files/big.bin' });
    expect(response.status).toBe(200);
    expect(response.contentLength).toBe(total);
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      checksum = (checksum + chunk[chunk.byteLength - 1]!) % 1_000_003;
      if (bytes >= nextCheckpoint) {
        nextCheckpoint += 32 * MiB;
        collect();
        const usage = process.memoryUsage();
        growth.rss = Math.max(growth.rss, usage.rss - before.rss);
        growth.heap = Math.max(growth.heap, usage.heapUsed - before.heapUsed);
      }
    }

    expect(bytes).toBe(total);
    expect(checksum).toBeGreaterThan(0);
    // RSS covers everything, ArrayBuffer backing stores included (V8 frees those on a background
    // thread, so `arrayBuffers` read right after a collection is noisy and not asserted on).
    expect(growth.rss).toBeLessThan(64 * MiB);
    expect(growth.heap).toBeLessThan(16 * MiB);
  }, 60_000);

  it('fails with TimeoutError when the next chunk takes longer than the idle timeout', async () => {
    const server = await serve({ 'GET /slow': { body: () => generated(4 * MiB, 64 * 1024) } });
    server.inject({ kind: 'stall', afterBytes: 100_000 });
    const limiter = new RateLimiter({ requestsPerInterval: 100, intervalMs: 1_000, maxConcurrent: 1 });
    // The stall never sends again, so any idle timeout ends it; a short one (150 ms) also cut the
    // healthy chunks before it when a loaded machine paused longer between them.
    const transport = createTransport({ baseUrl: server.url, streamIdleTimeoutMs: 1_000, limiter });
    const response = await transport.stream({ path: '/slow' });
    let bytes = 0;
    const error = await (async () => {
      for await (const chunk of response.body) bytes += chunk.byteLength;
    })().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(1_000);
    expect((error as TimeoutError).message).toContain('no data for 1000 ms while reading the body');
    expect(bytes).toBe(100_000);
    expect(limiter.stats.inFlight).toBe(0);
  });

  it('does not count a slow consumer against the idle timeout', async () => {
    const server = await serve({ 'GET /x': { body: () => generated(128 * 1024, 64 * 1024) } });
    // The consumer pauses longer than the idle timeout, and the timeout is long enough that the
    // local server always answers a read within it (50 ms was not, on a loaded machine).
    const transport = createTransport({ baseUrl: server.url, streamIdleTimeoutMs: 500 });
    const response = await transport.stream({ path: '/x' });
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    expect(bytes).toBe(128 * 1024);
  }, 30_000);

  it('fails with NetworkError when the connection resets mid-stream', async () => {
    const server = await serve({
      'GET /x': { headers: { 'content-length': 8 * MiB }, body: () => generated(8 * MiB, 64 * 1024) },
    });
    server.inject({ kind: 'reset', afterBytes: 3 * MiB });
    const transport = createTransport({ baseUrl: server.url });
    const response = await transport.stream({ path: '/x' });
    let bytes = 0;
    const error = await (async () => {
      for await (const chunk of response.body) bytes += chunk.byteLength;
    })().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/x failed: /);
    expect(bytes).toBe(3 * MiB);
  });

  it('cancels the body when the consumer breaks out, freeing the connection and the limiter slot', async () => {
    let produced = 0;
    let aborted = false;
    const server = await serve({
      'GET /endless': (_request, { signal }) => {
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        return {
          body: (function* () {
            const chunk = new Uint8Array(64 * 1024);
            while (!signal.aborted) {
              produced += 1;
              yield chunk;
            }
          })(),
        };
      },
    });
    const limiter = new RateLimiter({ requestsPerInterval: 100, intervalMs: 1_000, maxConcurrent: 1 });
    const transport = createTransport({ baseUrl: server.url, limiter });
    const response = await transport.stream({ path: '/endless' });
    expect(limiter.stats.inFlight).toBe(1);
    expect(response.contentLength).toBeUndefined();
    let seen = 0;
    for await (const chunk of response.body) {
      seen += chunk.byteLength;
      if (seen >= 1 * MiB) break;
    }
    expect(limiter.stats.inFlight).toBe(0);
    await waitFor(() => aborted);
    const stoppedAt = produced;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced).toBe(stoppedAt);
    // The slot is free for the next request.
    const next = await transport.stream({ path: '/endless' });
    await next.cancel();
    await next.cancel(); // twice is fine
    expect(limiter.stats.inFlight).toBe(0);
  });

  it('rethrows the caller abort reason mid-stream', async () => {
    const server = await serve({ 'GET /x': { body: () => generated(64 * MiB, 64 * 1024) } });
    const transport = createTransport({ baseUrl: server.url });
    const controller = new AbortController();
    const response = await transport.stream({ path: '/x', signal: controller.signal });
    const reason = new DOMException('stop', 'AbortError');
    const error = await (async () => {
      for await (const _chunk of response.body) controller.abort(reason);
    })().catch((caught: unknown) => caught);
    expect(error).toBe(reason);
  });

  it('offers the body as a pull-based ReadableStream, consumable once', async () => {
    const server = await serve({ 'GET /x': { body: 'hello stream' } });
    const transport = createTransport({ baseUrl: server.url });
    await using response = await transport.stream({ path: '/x' });
    const text = await new Response(response.toReadableStream()).text();
    expect(text).toBe('hello stream');
    expect(() => response.toReadableStream()).toThrow(ConduitError);
    expect(() => response.body[Symbol.asyncIterator]()).toThrow('already consumed');
  });

  it('retries and maps errors until the headers arrive', async () => {
    const server = await serve({ 'GET /x': { body: 'ok' } });
    server.inject({ kind: 'server-error', status: 503 });
    const transport = createTransport({ baseUrl: server.url, retry: { sleep: async () => undefined } });
    const response = await transport.stream({ path: '/x' });
    expect(await new Response(response.toReadableStream()).text()).toBe('ok');
    expect(server.requests).toHaveLength(2);
    await expect(transport.stream({ path: '/missing' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('downloads from a signed URL on another host without the Authorization header', async () => {
    const api = await serve({ 'GET /api/1.0/attachments/1': { json: {} } });
    const storage = await serve({
      'GET /bucket/file.pdf': { body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } },
    });
    const transport = createTransport({ baseUrl: `${api.url}/api/1.0`, auth: bearerAuth('pat-secret') });
    const response = await transport.stream({
      url: `${storage.url}/bucket/file.pdf?X-Amz-Signature=abc&X-Amz-Expires=60`,
      auth: false,
    });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.contentLength).toBe(8);
    await response.cancel();
    expect(storage.requests[0]?.headers.authorization).toBeUndefined();
  });
});

/** A full garbage collection on demand, without starting the test process with --expose-gc. */
function exposeGc(): () => void {
  if (typeof globalThis.gc === 'function') return () => globalThis.gc?.();
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let index = 0; index < 400 && !condition(); index += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met in time');
}
