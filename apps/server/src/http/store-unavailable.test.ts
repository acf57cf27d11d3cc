import { randomBytes } from 'node:crypto';
import { createServer as createTcpServer } from 'node:net';
import { ErrorBodySchema } from '@conduit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Keyring } from '../crypto/keyring';
import { silentLogger } from '../logging/logger';
import { listen, type RunningServer } from '../server/listen';
import { openStore } from '../store/open-store';
import type { Store } from '../store/store';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';
import { createApp } from './create-app';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function serve(store: Store): Promise<RunningServer> {
  const app = createApp({
    store,
    config: {
      keyring: new Keyring([{ id: 'k', key: randomBytes(32) }]),
      allowUpstreamOverride: false,
      rateLimit: { limit: 100, windowMs: 60_000 },
      bodyLimitBytes: 1024 * 1024,
    },
    logger: silentLogger,
  });
  return listen(app, { host: '127.0.0.1', port: 0 });
}

describe('when the store is unreachable', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers 503 with Retry-After on readyz and on store-backed calls, while healthz stays up (PostgreSQL down)', async () => {
    const store = await openStore({
      databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/test`,
    });
    const server = await serve(store);
    cleanups.push(
      () => server.close(),
      () => store.close(),
    );

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(ErrorBodySchema.parse(await ready.json()).errors[0]?.error_code).toBe('store_unavailable');

    const token = await fetch(`${server.url}/api/v1/account/applications/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'a', client_secret: 'b' }),
    });
    expect(token.status).toBe(503);
    expect(token.headers.get('retry-after')).toBe('5');
    const body = await token.text();
    expect(body).not.toMatch(/ECONNREFUSED|stack|at /);
  });

  it('answers 503 once the embedded store is closed', async () => {
    const dir = await makeTempDir('closed');
    const store = await openStore({ dataDir: dir });
    await store.migrate();
    const server = await serve(store);
    cleanups.push(
      () => removeTempDir(dir),
      () => server.close(),
    );

    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await store.close();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
  });
});
