import { createServer as createTcpServer } from 'node:net';
import { ErrorBodySchema } from '@conduit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store';
import { serveBareApp } from '../test-support/serve-bare-app';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
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
    const server = await serveBareApp(store);
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
    const server = await serveBareApp(store);
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
