import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, requireBuiltCli, runChild, spawnChild } from '../../testing/child-cli';

let directory: string;
const BOOTSTRAP = {
  CONDUIT_BOOTSTRAP_CLIENT_ID: 'app-serve-test',
  CONDUIT_BOOTSTRAP_CLIENT_SECRET: 'bootstrap-secret-0123456789',
};

beforeAll(() => {
  requireBuiltCli();
  directory = mkdtempSync(join(tmpdir(), 'conduit-serve-e2e-'));
});

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('conduit serve (built, child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('prints where it listens, serves, and stops with exit 0 on SIGTERM', async () => {
    const child = spawnChild(['serve', '--port', '0', '--data-dir', join(directory, 'data')], {
      env: BOOTSTRAP,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const line = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const end = buffered.indexOf('\n');
        if (end !== -1) resolve(buffered.slice(0, end));
      });
      child.on('close', () => reject(new Error(`conduit serve exited early: ${stderr}`)));
    });
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.slice('listening on '.length);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const listed = await runChild(['connectors', 'list', '--json'], {
      env: {
        CONDUIT_BASE_URL: url,
        CONDUIT_CLIENT_ID: BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_ID,
        CONDUIT_CLIENT_SECRET: BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_SECRET,
        CONDUIT_EXTERNAL_USER_ID: 'someone',
      },
    });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('"msg":"stopped"');
    expect(stderr).not.toContain(BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_SECRET);
  });

  it('lets a flag win over the environment, and refuses a password on the command line', async () => {
    const secretUrl = 'postgres://conduit:db-password-42@127.0.0.1:1/conduit';
    const refused = await runChild(['serve', '--database-url', secretUrl]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--database-url must not hold a password');
    expect(refused.stderr).not.toContain('db-password-42');
    const badPort = await runChild(['serve', '--port', 'eighty']);
    expect(badPort.code).toBe(2);
    // The flag is read (and refused) although the environment holds a usable port.
    const flagWins = await runChild(['serve', '--port', 'eighty', '--data-dir', join(directory, 'other')], {
      env: { CONDUIT_PORT: '0' },
    });
    expect(flagWins.code).toBe(2);
    expect(flagWins.stderr).toContain('--port needs an integer from 0 to 65535, got "eighty"');
    const badKey = await runChild(['serve', '--port', '0', '--data-dir', join(directory, 'other')], {
      env: { CONDUIT_ENCRYPTION_KEY: 'short' },
    });
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain(
      'error: CONDUIT_ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)\n',
    );
    expect(badKey.stderr.split('must be 32 random bytes')).toHaveLength(2);
    const fromEnv = await runChild(['serve', '--data-dir', join(directory, 'other'), '--json'], {
      env: { CONDUIT_PORT: 'x' },
    });
    expect(fromEnv.code).toBe(2);
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ error: { code: 'invalid_config' } });
  });

  it('lets --allow-upstream-override win over CONDUIT_ALLOW_UPSTREAM_OVERRIDE=0, as every flag does', async () => {
    const child = spawnChild(
      ['serve', '--port', '0', '--data-dir', join(directory, 'override'), '--allow-upstream-override'],
      {
        // Loopback is let through so the connector's base_url passes the egress check at creation.
        env: { ...BOOTSTRAP, CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '0', CONDUIT_EGRESS_ALLOW: '127.0.0.1' },
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const match = /^listening on (\S+)\n/.exec(buffered);
        if (match) resolve(match[1]!);
      });
      child.on('close', () => reject(new Error('conduit serve exited early')));
    });
    const created = await runChild(
      ['connectors', 'create', 'asana', '--config', 'base_url=http://127.0.0.1:1/api/1.0', '--json'],
      {
        env: {
          ASANA_TOKEN: 'asana-token-for-the-override-test',
          CONDUIT_BASE_URL: url,
          CONDUIT_CLIENT_ID: BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_ID,
          CONDUIT_CLIENT_SECRET: BOOTSTRAP.CONDUIT_BOOTSTRAP_CLIENT_SECRET,
          CONDUIT_EXTERNAL_USER_ID: 'someone',
        },
      },
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect({ code: created.code, stdout: created.stdout }).toMatchObject({ code: 0 });
  });

  it('names --host or --port, with exit 2, when it cannot listen', async () => {
    const data = ['--data-dir', join(directory, 'listen')];
    // 192.0.2.1 (TEST-NET-1) is no address of this machine; listening on it fails without DNS.
    const badHost = await runChild(['serve', '--host', '192.0.2.1', '--port', '0', ...data], {
      env: BOOTSTRAP,
    });
    expect(badHost.code).toBe(2);
    expect(badHost.stderr).toContain('error: --host: not an address of this machine (listen EADDRNOTAVAIL');
    expect(badHost.stderr).not.toContain('--debug');
    const fromEnv = await runChild(['serve', '--port', '0', '--json', ...data], {
      env: { ...BOOTSTRAP, CONDUIT_HOST: '192.0.2.1' },
    });
    expect(fromEnv.code).toBe(2);
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({
      error: { code: 'address_unavailable', message: expect.stringMatching(/^CONDUIT_HOST: /) },
    });
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as { port: number }).port);
      const inUse = await runChild(['serve', '--port', port, ...data], { env: BOOTSTRAP });
      expect(inUse.code).toBe(2);
      expect(inUse.stderr).toContain('error: --port: the address is in use');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('names CONDUIT_DATABASE_URL, and why, when the database refuses the connection', async () => {
    const url = new URL(process.env.CONDUIT_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    url.username = 'conduit_no_such_role';
    const env = { CONDUIT_DATABASE_URL: url.href, CONDUIT_ENCRYPTION_KEY: 'A'.repeat(43).concat('=') };
    const human = await runChild(['serve', '--port', '0'], { env });
    expect(human.code).toBe(2);
    expect(human.stdout).toBe('');
    expect(human.stderr).toContain(
      'error: CONDUIT_DATABASE_URL: the database refused the connection: role "conduit_no_such_role" does not exist',
    );
    const json = await runChild(['serve', '--port', '0', '--json'], { env });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'invalid_config' } });
  });

  it('says why the database is unreachable, without the password of the URL', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const env = {
      CONDUIT_DATABASE_URL: 'postgres://conduit:db-password-42@127.0.0.1:1/conduit',
      CONDUIT_ENCRYPTION_KEY: 'A'.repeat(43).concat('='),
    };
    const human = await runChild(['serve', '--port', '0'], { env });
    expect(human.code).toBe(7);
    expect(human.stderr).toContain('error: the database is unreachable: connect ECONNREFUSED 127.0.0.1:1');
    const json = await runChild(['serve', '--port', '0', '--json'], { env });
    expect(json.code).toBe(7);
    expect(JSON.parse(json.stdout)).toMatchObject({
      error: {
        name: 'StoreUnavailableError',
        code: 'store_unavailable',
        retryable: true,
        message: expect.stringContaining('ECONNREFUSED 127.0.0.1:1'),
      },
    });
    expect(human.stderr + json.stdout + json.stderr).not.toContain('db-password-42');
  });
});
