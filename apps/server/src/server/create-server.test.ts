import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error';
import { KEY_FILE_NAME } from '../crypto/key-file';
import { StoreUnavailableError } from '../errors/store-unavailable-error';
import type { ServerExtension } from '../extensions/server-extension';
import { captureLogs } from '../test-support/capture-logger';
import { TEST_DATABASE_URL } from '../test-support/postgres-test-schema';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';
import { startServer } from './create-server';

async function token(url: string, clientId: string, clientSecret: string): Promise<Response> {
  return fetch(`${url}/api/v1/account/applications/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }),
  });
}

describe('startServer', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await removeTempDir(dir);
  });

  it('finishes an in-flight request on close, refuses new connections, then closes the store', async () => {
    const dataDir = await makeTempDir('shutdown');
    dirs.push(dataDir);
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: ServerExtension = {
      name: 'slow',
      registerRoutes(app) {
        app.get('/test/slow', async (c) => {
          entered();
          await released;
          return c.json({ finished: true });
        });
      },
    };
    const logs = captureLogs();
    const started = await startServer({
      env: {},
      config: { host: '127.0.0.1', port: 0, dataDir },
      logger: logs.logger,
      extensions: [slow],
    });
    expect(started.url).toBe(`http://127.0.0.1:${started.port}`);
    expect((await fetch(`${started.url}/healthz`)).status).toBe(200);

    const inFlight = fetch(`${started.url}/test/slow`);
    await handlerEntered;
    const closed = started.close();
    // The listener is gone at once: a new connection is refused while the slow request still runs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(`${started.url}/healthz`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ finished: true });
    await closed;
    await expect(started.server.store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('bootstraps the configured application idempotently, updating a changed secret', async () => {
    const dataDir = await makeTempDir('bootstrap');
    dirs.push(dataDir);
    const run = async (secret: string) =>
      startServer({
        env: { CONDUIT_BOOTSTRAP_CLIENT_ID: 'demo-app', CONDUIT_BOOTSTRAP_CLIENT_SECRET: secret },
        config: { port: 0, dataDir },
        logger: captureLogs().logger,
      });
    const first = await run('first-secret-0123456789');
    const firstId = (await first.server.store.findApplicationByClientId('demo-app'))?.id;
    expect((await token(first.url, 'demo-app', 'first-secret-0123456789')).status).toBe(200);
    await first.close();

    const again = await run('first-secret-0123456789');
    expect((await again.server.store.findApplicationByClientId('demo-app'))?.id).toBe(firstId);
    await again.close();

    const changed = await run('second-secret-0123456789');
    try {
      expect((await changed.server.store.findApplicationByClientId('demo-app'))?.id).toBe(firstId);
      expect((await token(changed.url, 'demo-app', 'first-secret-0123456789')).status).toBe(401);
      expect((await token(changed.url, 'demo-app', 'second-secret-0123456789')).status).toBe(200);
    } finally {
      await changed.close();
    }
  });

  it('warns at start-up when no application can call the service and none can be made', async () => {
    const dataDir = await makeTempDir('no-application');
    dirs.push(dataDir);
    const noApplication = (logs: ReturnType<typeof captureLogs>) =>
      logs.entries().filter((entry) => String(entry.msg).startsWith('no application can call this service'));
    for (const [env, warned] of [
      [{}, true],
      [{ CONDUIT_ADMIN_TOKEN: 'a'.repeat(32) }, false],
      [{ CONDUIT_BOOTSTRAP_CLIENT_ID: 'demo-app', CONDUIT_BOOTSTRAP_CLIENT_SECRET: 's'.repeat(24) }, false],
      // The bootstrap application of the run before is in the store now.
      [{}, false],
    ] as const) {
      const logs = captureLogs();
      const started = await startServer({ env, config: { port: 0, dataDir }, logger: logs.logger });
      await started.close();
      expect(noApplication(logs), JSON.stringify(env)).toHaveLength(warned ? 1 : 0);
    }
  });

  it('generates a private key file on the embedded store, with a warning, and reuses it', async () => {
    const dataDir = await makeTempDir('keyfile');
    dirs.push(dataDir);
    const firstLogs = captureLogs();
    const first = await startServer({ env: {}, config: { port: 0, dataDir }, logger: firstLogs.logger });
    const keyId = first.server.app.services.keyring.current.id;
    const warning = firstLogs.entries().find((entry) => entry.level === 'warn');
    expect(warning?.msg).toMatch(/generated an encryption key file/);
    expect(warning?.key_id).toBe(keyId);
    expect((await stat(join(dataDir, KEY_FILE_NAME))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'conduit.db'))).mode & 0o777).toBe(0o600);
    await first.close();

    const second = await startServer({ env: {}, config: { port: 0, dataDir }, logger: captureLogs().logger });
    try {
      expect(second.server.app.services.keyring.current.id).toBe(keyId);
    } finally {
      await second.close();
    }
  });

  it('refuses PostgreSQL without a configured encryption key, with a clear message', async () => {
    await expect(
      startServer({
        env: { CONDUIT_DATABASE_URL: TEST_DATABASE_URL },
        config: { port: 0 },
        logger: captureLogs().logger,
      }),
    ).rejects.toThrow(ConfigError);
    await expect(
      startServer({
        env: { CONDUIT_DATABASE_URL: TEST_DATABASE_URL },
        config: { port: 0 },
        logger: captureLogs().logger,
      }),
    ).rejects.toThrow(/CONDUIT_ENCRYPTION_KEY is required with CONDUIT_DATABASE_URL/);
  });

  it('reports a port in use instead of hanging', async () => {
    const dataDir = await makeTempDir('port');
    dirs.push(dataDir);
    const first = await startServer({ env: {}, config: { port: 0, dataDir }, logger: captureLogs().logger });
    try {
      await expect(
        startServer({ env: {}, config: { port: first.port, dataDir }, logger: captureLogs().logger }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
