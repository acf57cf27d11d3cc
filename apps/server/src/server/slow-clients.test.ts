import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keyring } from '../crypto/keyring';
import type { Store } from '../store/store';
import { captureLogs } from '../test-support/capture-logger';
import { type TestStoreLocation, testStoreLocation } from '../test-support/test-app';
import { createApp } from './create-app';
import { listen, type RunningServer } from './listen';

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/**
 * What the server sent before it closed the socket. Each client below would otherwise hold its
 * socket open past the test's timeout, so the close itself shows the cut; no stopwatch (a loaded
 * machine overran the 2 s and 5 s ones these tests had).
 */
function closed(socket: Socket): Promise<{ data: string }> {
  let data = '';
  socket.on('data', (chunk: Buffer) => {
    data += chunk.toString();
  });
  return new Promise((resolve) => socket.once('close', () => resolve({ data })));
}

describe('slow and numerous clients', () => {
  let location: TestStoreLocation;
  let store: Store;
  let server: RunningServer;

  beforeAll(async () => {
    location = await testStoreLocation('sqlite', 'slow-clients');
    store = await location.open();
    await store.migrate();
    const app = createApp({
      store,
      config: {
        keyring: new Keyring([{ id: 'k', key: randomBytes(32) }]),
        allowUpstreamOverride: false,
        rateLimit: null,
        bodyLimitBytes: 1024 * 1024,
      },
      logger: captureLogs().logger,
    });
    server = await listen(app, {
      host: '127.0.0.1',
      port: 0,
      shutdownTimeoutMs: 500,
      maxConnections: 5,
      requestTimeoutMs: 600,
      headersTimeoutMs: 400,
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await location?.cleanup();
  });

  it('cuts an upload that dribbles past the request timeout', async () => {
    const socket = await open(server.port);
    const done = closed(socket);
    socket.write(
      'POST /api/v1/account/applications/token HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 100);
    const { data } = await done;
    clearInterval(drip);
    expect(data).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts a client that never finishes its headers', async () => {
    const socket = await open(server.port);
    const done = closed(socket);
    socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n');
    await done;
  });

  it('caps open connections', async () => {
    const sockets = await Promise.all(Array.from({ length: 5 }, () => open(server.port)));
    const extra = await open(server.port);
    await closed(extra);
    for (const socket of sockets) socket.destroy();
  });
});
