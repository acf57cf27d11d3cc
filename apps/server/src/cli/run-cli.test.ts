import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { connectorRegistry } from '@conduit/connectors/loaded';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { Keyring, keyFingerprint } from '../crypto/keyring';
import { registerApplication } from '../services/applications';
import { ConnectorService } from '../services/connector-service';
import { openStore } from '../store/open-store';
import { TEST_DATABASE_URL } from '../test-support/postgres-test-schema';
import { makeTempDir, removeTempDir } from '../test-support/temp-dir';
import { type CliIo, runCli } from './run-cli';

interface FakeIo extends CliIo {
  readonly out: string[];
  readonly err: string[];
  stop(): void;
}

function fakeIo(env: Record<string, string>, cwd: string): FakeIo {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: (signal: string) => void;
  const stopped = new Promise<string>((resolve) => {
    stop = resolve;
  });
  return {
    env,
    cwd,
    out,
    err,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stopSignal: () => stopped,
    stop: () => stop('SIGTERM'),
  };
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 400 && !condition(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!condition()) throw new Error('condition not met in time');
}

describe('conduit-server command line', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await removeTempDir(dir);
  });

  it('serve prints exactly one listening line on stdout, serves, and exits 0 on SIGTERM', async () => {
    const dir = await makeTempDir('cli');
    dirs.push(dir);
    const io = fakeIo({ CONDUIT_DATA_DIR: 'data', CONDUIT_LOG_LEVEL: 'warn' }, dir);
    const exit = runCli(['serve', '--port', '0', '--host=127.0.0.1', '--rate-limit', '50/10s'], io);
    await waitFor(() => io.out.length > 0);
    expect(io.out).toHaveLength(1);
    const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))\n$/.exec(io.out[0]!);
    expect(match).not.toBeNull();
    expect((await fetch(`${match![1]}/readyz`)).status).toBe(200);
    io.stop();
    expect(await exit).toBe(0);
    expect(io.out).toHaveLength(1);
    // Logs went to stderr as JSON lines (the generated key warning).
    expect(io.err.some((line) => JSON.parse(line).level === 'warn')).toBe(true);
  });

  it('explains a bad configuration in one JSON line and exits 1', async () => {
    const dir = await makeTempDir('cli-bad');
    dirs.push(dir);
    const io = fakeIo({ CONDUIT_PORT: 'eighty' }, dir);
    expect(await runCli([], io)).toBe(1);
    expect(io.err).toHaveLength(1);
    expect(io.err[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(io.err[0]!)).toMatchObject({
      level: 'fatal',
      msg: 'CONDUIT_PORT must be an integer between 0 and 65535',
      error_code: 'invalid_config',
    });
    const badKey = fakeIo({ CONDUIT_ENCRYPTION_KEY: 'short' }, dir);
    expect(await runCli(['migrate'], badKey)).toBe(1);
    // One sentence, though the variable's parser, its check and the cause each could say it.
    expect(JSON.parse(badKey.err[0]!).msg).toBe(
      'CONDUIT_ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
    );
    const missing = fakeIo({ CONDUIT_ADMIN_TOKEN_FILE: 'no-such-file' }, dir);
    expect(await runCli(['migrate'], missing)).toBe(1);
    expect(JSON.parse(missing.err[0]!).msg).toMatch(
      /^CONDUIT_ADMIN_TOKEN_FILE: cannot read no-such-file \(ENOENT\)/,
    );
  });

  it('names CONDUIT_DATABASE_URL when the database refuses the connection, in one line and no stack', async () => {
    const dir = await makeTempDir('cli-refused');
    dirs.push(dir);
    const noRole = new URL(TEST_DATABASE_URL);
    noRole.username = 'conduit_no_such_role';
    noRole.password = 'hunter2-never-logged';
    const noDatabase = new URL(TEST_DATABASE_URL);
    noDatabase.pathname = '/conduit_no_such_database';
    const cases = [
      [noRole, /role "conduit_no_such_role" does not exist/],
      [noDatabase, /database "conduit_no_such_database" does not exist/],
    ] as const;
    for (const [url, reason] of cases) {
      const env = {
        CONDUIT_DATABASE_URL: url.href,
        CONDUIT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      };
      const io = fakeIo(env, dir);
      expect(await runCli(['serve', '--port', '0'], io)).toBe(1);
      expect(io.out).toEqual([]);
      expect(io.err).toHaveLength(1);
      const line = JSON.parse(io.err[0]!) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 'fatal', error_code: 'invalid_config' });
      expect(line.msg).toMatch(/^CONDUIT_DATABASE_URL: the database refused the connection: /);
      expect(line.msg).toMatch(reason);
      expect(line.error).toBeUndefined();
      expect(io.err.join('')).not.toContain('hunter2');

      const migrate = fakeIo(env, dir);
      expect(await runCli(['migrate'], migrate)).toBe(1);
      expect(JSON.parse(migrate.err.at(-1)!)).toMatchObject({
        level: 'fatal',
        error_code: 'store_unavailable',
      });
      expect(JSON.parse(migrate.err.at(-1)!).msg).toMatch(reason);
    }
  });

  it('names CONDUIT_PORT or CONDUIT_HOST when it cannot listen, in one line and no stack', async () => {
    const dir = await makeTempDir('cli-listen');
    dirs.push(dir);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const io = fakeIo({ CONDUIT_DATA_DIR: 'data', CONDUIT_LOG_LEVEL: 'error' }, dir);
      expect(await runCli(['serve', '--port', String(port)], io)).toBe(1);
      expect(io.out).toEqual([]);
      const line = JSON.parse(io.err.at(-1)!) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 'fatal', error_code: 'address_in_use' });
      expect(line.msg).toMatch(
        /^CONDUIT_PORT: the address is in use \(.*127\.0\.0\.1:\d+\); pick another port/,
      );
      expect(line.error).toBeUndefined();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    // 192.0.2.1 (TEST-NET-1) is no address of this machine; listening on it fails without DNS.
    const io = fakeIo({ CONDUIT_DATA_DIR: 'data', CONDUIT_LOG_LEVEL: 'error' }, dir);
    expect(await runCli(['serve', '--port', '0', '--host', '192.0.2.1'], io)).toBe(1);
    const line = JSON.parse(io.err.at(-1)!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'fatal', error_code: 'address_unavailable' });
    expect(line.msg).toMatch(/^CONDUIT_HOST: not an address of this machine/);
  });

  it('migrate applies the migrations once and reports an up-to-date database after', async () => {
    const dir = await makeTempDir('cli-migrate');
    dirs.push(dir);
    const io = fakeIo({ CONDUIT_DATA_DIR: dir, CONDUIT_LOG_LEVEL: 'error' }, dir);
    expect(await runCli(['migrate'], io)).toBe(0);
    expect(io.out.join('')).toMatch(/^applied migration\(s\) 1, 2, 3/);
    const again = fakeIo({ CONDUIT_DATA_DIR: dir, CONDUIT_LOG_LEVEL: 'error' }, dir);
    expect(await runCli(['migrate'], again)).toBe(0);
    expect(again.out.join('')).toBe('the database is up to date\n');
  });

  it('serves on 0.0.0.0 with an absolute data directory and secrets read from _FILE variables', async () => {
    const dir = await makeTempDir('cli-operator');
    dirs.push(dir);
    const dataDir = join(dir, 'var', 'lib', 'conduit');
    const adminToken = randomBytes(24).toString('base64url');
    writeFileSync(join(dir, 'admin-token'), `${adminToken}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'key'), randomBytes(32).toString('base64'), { mode: 0o600 });
    const io = fakeIo(
      {
        CONDUIT_DATA_DIR: dataDir,
        CONDUIT_ADMIN_TOKEN_FILE: join(dir, 'admin-token'),
        CONDUIT_ENCRYPTION_KEY_FILE: 'key',
        CONDUIT_LOG_LEVEL: 'error',
      },
      dir,
    );
    const exit = runCli(['--host', '0.0.0.0', '--port', '0'], io);
    await waitFor(() => io.out.length > 0);
    const port = /^listening on http:\/\/0\.0\.0\.0:(\d+)\n$/.exec(io.out[0]!)?.[1];
    expect(port).toBeDefined();
    const applications = await fetch(`http://127.0.0.1:${port}/admin/v1/applications`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(applications.status).toBe(200);
    io.stop();
    expect(await exit).toBe(0);
    expect(existsSync(join(dataDir, 'conduit.db'))).toBe(true);
    // The key came from the file: none was generated beside the data.
    expect(existsSync(join(dataDir, 'encryption.key'))).toBe(false);
  });

  it('refuses unknown flags and commands with usage and exit 2', async () => {
    const io = fakeIo({}, '/');
    expect(await runCli(['--database-url', 'postgres://x'], io)).toBe(2);
    expect(io.err.join('')).toContain('unknown flag --database-url');
    expect(await runCli(['frobnicate'], io)).toBe(2);
    expect(io.err.join('')).toContain('unknown command "frobnicate"');
    const help = fakeIo({}, '/');
    expect(await runCli(['--help'], help)).toBe(0);
    expect(help.out.join('')).toContain('rotate-keys');
  });

  it('rotate-keys re-encrypts stored credentials under the first configured key', async () => {
    const dir = await makeTempDir('cli-rotate');
    dirs.push(dir);
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const store = await openStore({ dataDir: dir });
    await store.migrate();
    const { applicationId } = await registerApplication(store);
    const service = new ConnectorService({
      registry: connectorRegistry,
      store,
      keyring: new Keyring([{ id: 'old', key: oldKey }]),
      clock: systemClock,
      allowUpstreamOverride: false,
    });
    for (const user of ['a', 'b', 'c']) {
      await service.create(
        { kind: 'application', applicationId },
        { external_user_id: user, connector_type: 'asana', credentials: { token: `t-${user}` } },
      );
    }
    const io = fakeIo(
      {
        CONDUIT_DATA_DIR: dir,
        // A bare key is named by its fingerprint, like CONDUIT_ENCRYPTION_KEY's single key.
        CONDUIT_ENCRYPTION_KEYS: `${newKey.toString('base64')},old:${oldKey.toString('base64')}`,
        CONDUIT_LOG_LEVEL: 'error',
      },
      dir,
    );
    expect(await runCli(['rotate-keys'], io)).toBe(0);
    const newId = keyFingerprint(newKey);
    expect(io.out.join('')).toBe(`rotated 3 value(s) to key ${newId}\n`);
    const keys = await store.db.query<{ credentials_key_id: string }>(
      'SELECT credentials_key_id FROM connectors',
    );
    expect(keys.map((row) => row.credentials_key_id)).toEqual([newId, newId, newId]);

    // With only the new key, the rotated rows are fine; one sealed with the old key is reported.
    await service.create(
      { kind: 'application', applicationId },
      { external_user_id: 'd', connector_type: 'asana', credentials: { token: 't-d' } },
    );
    const missingOld = fakeIo(
      {
        CONDUIT_DATA_DIR: dir,
        CONDUIT_ENCRYPTION_KEY: newKey.toString('base64'),
        CONDUIT_LOG_LEVEL: 'error',
      },
      dir,
    );
    expect(await runCli(['rotate-keys'], missingOld)).toBe(1);
    const lines = missingOld.out.join('').trim().split('\n');
    expect(lines[0]).toBe(`rotated 0 value(s) to key ${newId}`);
    expect(lines[1]).toMatch(
      /^cannot rotate connector [0-9a-f-]{36} \(key old\): no encryption key with id "old"/,
    );
    expect(lines[2]).toBe('1 value(s) not rotated; keep their keys configured and rerun');
    await store.close();
  });
});
