import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error';
import { requirePositiveDuration } from '../config/duration';
import { parseRateLimit } from '../config/rate-limit-spec';
import { keyFingerprint } from '../crypto/keyring';
import { loadServerConfig } from './server-config';

describe('loadServerConfig', () => {
  it('has the documented defaults', () => {
    const config = loadServerConfig({}, '/srv/app');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      dataDir: '/srv/app/.conduit',
      databaseUrl: undefined,
      encryptionKeys: undefined,
      tokenSecret: undefined,
      allowUpstreamOverride: false,
      rateLimit: { limit: 600, windowMs: 60_000 },
      upstreamRateLimit: undefined,
      bodyLimitBytes: 1024 * 1024,
      bootstrap: undefined,
      logLevel: 'info',
      shutdownTimeoutMs: 10_000,
      maxConnections: 1000,
      requestTimeoutMs: 30_000,
      egress: { allow: [], downloadHosts: [] },
    });
  });

  it('reads every variable', () => {
    const key = randomBytes(32);
    const config = loadServerConfig(
      {
        CONDUIT_HOST: '0.0.0.0',
        CONDUIT_PORT: '0',
        CONDUIT_DATA_DIR: '/var/lib/conduit',
        CONDUIT_DATABASE_URL: 'postgres://db/conduit',
        CONDUIT_DATABASE_SCHEMA: 'tenant_a',
        CONDUIT_ENCRYPTION_KEY: key.toString('base64'),
        CONDUIT_TOKEN_SECRET: 'x'.repeat(40),
        CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
        CONDUIT_RATE_LIMIT: 'off',
        CONDUIT_UPSTREAM_RATE_LIMIT: '150/60s',
        CONDUIT_BOOTSTRAP_CLIENT_ID: 'app',
        CONDUIT_BOOTSTRAP_CLIENT_SECRET: 'a-long-enough-secret',
        CONDUIT_LOG_LEVEL: 'DEBUG',
        CONDUIT_SHUTDOWN_TIMEOUT: '2s',
        CONDUIT_MAX_CONNECTIONS: '50',
        CONDUIT_REQUEST_TIMEOUT: '5s',
        CONDUIT_EGRESS_ALLOW: '10.0.0.0/8, crm.internal',
        CONDUIT_DOWNLOAD_HOSTS: '*.example.com',
        CONDUIT_DOWNLOAD_MAX_BYTES: '1048576',
        CONDUIT_DOWNLOAD_MAX_TIME: '10m',
        HTTPS_PROXY: 'http://proxy.internal:3128',
        NO_PROXY: 'crm.internal',
      },
      '/',
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      dataDir: '/var/lib/conduit',
      databaseUrl: 'postgres://db/conduit',
      databaseSchema: 'tenant_a',
      encryptionKeys: [{ id: keyFingerprint(key), key }],
      tokenSecret: Buffer.from('x'.repeat(40)),
      allowUpstreamOverride: true,
      rateLimit: null,
      upstreamRateLimit: { limit: 150, windowMs: 60_000 },
      bootstrap: { clientId: 'app', clientSecret: 'a-long-enough-secret' },
      logLevel: 'debug',
      shutdownTimeoutMs: 2000,
      maxConnections: 50,
      requestTimeoutMs: 5000,
      egress: {
        allow: ['10.0.0.0/8', 'crm.internal'],
        downloadHosts: ['*.example.com'],
        downloadMaxBytes: 1_048_576,
        downloadMaxTimeMs: 600_000,
        proxy: { httpProxy: undefined, httpsProxy: 'http://proxy.internal:3128', noProxy: 'crm.internal' },
      },
    });
  });

  it('names a malformed key once, not once per layer', () => {
    const once = 'CONDUIT_ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)';
    expect(() => loadServerConfig({ CONDUIT_ENCRYPTION_KEY: 'short' }, '/')).toThrow(
      expect.objectContaining({ message: once }),
    );
    expect(() => loadServerConfig({ CONDUIT_ENCRYPTION_KEYS: 'short' }, '/')).toThrow(
      expect.objectContaining({ message: once.replace('KEY', 'KEYS entry 1') }),
    );
  });

  it.each([
    [{ CONDUIT_PORT: '70000' }, /CONDUIT_PORT/],
    [{ CONDUIT_EGRESS_ALLOW: '10.0.0.0/99' }, /CONDUIT_EGRESS_ALLOW/],
    [{ HTTPS_PROXY: 'proxy.internal:3128' }, /HTTPS_PROXY must be an http/],
    [{ CONDUIT_MAX_CONNECTIONS: '0' }, /CONDUIT_MAX_CONNECTIONS/],
    [{ CONDUIT_PORT: '-1' }, /CONDUIT_PORT/],
    [{ CONDUIT_DATABASE_URL: 'mysql://x' }, /postgres:\/\//],
    [{ CONDUIT_DATABASE_SCHEMA: 'Bad-Schema' }, /CONDUIT_DATABASE_SCHEMA/],
    [{ CONDUIT_ENCRYPTION_KEY: 'short' }, /CONDUIT_ENCRYPTION_KEY must be 32 random bytes/],
    [
      { CONDUIT_ENCRYPTION_KEY: randomBytes(32).toString('base64'), CONDUIT_ENCRYPTION_KEYS: 'x' },
      /not both/,
    ],
    [{ CONDUIT_ENCRYPTION_KEYS: 'a:b' }, /CONDUIT_ENCRYPTION_KEYS entry 1/],
    [{ CONDUIT_TOKEN_SECRET: 'short' }, /at least 32 bytes/],
    [{ CONDUIT_BOOTSTRAP_CLIENT_ID: 'x' }, /both/],
    [
      { CONDUIT_BOOTSTRAP_CLIENT_ID: 'has space', CONDUIT_BOOTSTRAP_CLIENT_SECRET: 'a-long-enough-secret' },
      /CLIENT_ID/,
    ],
    [{ CONDUIT_BOOTSTRAP_CLIENT_ID: 'x', CONDUIT_BOOTSTRAP_CLIENT_SECRET: 'short' }, /16 to 1024/],
    [{ CONDUIT_ALLOW_UPSTREAM_OVERRIDE: 'maybe' }, /1 or 0/],
    [{ CONDUIT_RATE_LIMIT: 'fast' }, /CONDUIT_RATE_LIMIT/],
    [{ CONDUIT_LOG_LEVEL: 'loud' }, /CONDUIT_LOG_LEVEL/],
    [{ CONDUIT_SHUTDOWN_TIMEOUT: 'soon' }, /CONDUIT_SHUTDOWN_TIMEOUT/],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadServerConfig(env, '/')).toThrow(ConfigError);
    expect(() => loadServerConfig(env, '/')).toThrow(message);
  });
});

describe('rate limits and durations', () => {
  it('parses requests per window', () => {
    expect(parseRateLimit('600/60s')).toEqual({ limit: 600, windowMs: 60_000 });
    expect(parseRateLimit('10000 / 1h')).toEqual({ limit: 10_000, windowMs: 3_600_000 });
    expect(parseRateLimit('5/2m')).toEqual({ limit: 5, windowMs: 120_000 });
    expect(parseRateLimit('OFF')).toBeNull();
    expect(() => parseRateLimit('0/60s')).toThrow(/at least 1/);
    expect(() => parseRateLimit('5/500ms')).toThrow(/at least 1s/);
  });

  it('parses durations, a bare number being seconds', () => {
    expect(requirePositiveDuration('250ms')).toBe(250);
    expect(requirePositiveDuration('1.5s')).toBe(1500);
    expect(requirePositiveDuration('15m')).toBe(900_000);
    expect(requirePositiveDuration('30')).toBe(30_000);
    // The same durations as the CLI's flags, compounds included.
    expect(requirePositiveDuration('1h30m')).toBe(5_400_000);
    expect(() => requirePositiveDuration('0s')).toThrow(/positive/);
    expect(() => requirePositiveDuration('1d')).toThrow(/not a duration/);
  });

  it('reads the operator settings: pool size, statement timeout, admin and metrics tokens', () => {
    const config = loadServerConfig(
      {
        CONDUIT_HOST: '0.0.0.0',
        CONDUIT_DATA_DIR: '/var/lib/conduit',
        CONDUIT_DATABASE_POOL_SIZE: '25',
        CONDUIT_DATABASE_STATEMENT_TIMEOUT: '5s',
        CONDUIT_ADMIN_TOKEN: 'a'.repeat(32),
        CONDUIT_METRICS_TOKEN: 'm'.repeat(40),
      },
      '/elsewhere',
    );
    expect(config).toMatchObject({
      host: '0.0.0.0',
      dataDir: '/var/lib/conduit',
      databasePoolSize: 25,
      databaseStatementTimeoutMs: 5000,
      adminToken: 'a'.repeat(32),
      metricsToken: 'm'.repeat(40),
    });
    expect(loadServerConfig({}, '/')).toMatchObject({
      databasePoolSize: 10,
      databaseStatementTimeoutMs: 30_000,
      adminToken: undefined,
      metricsToken: undefined,
    });
    expect(() => loadServerConfig({ CONDUIT_DATABASE_POOL_SIZE: '0' })).toThrow(
      'CONDUIT_DATABASE_POOL_SIZE must be an integer between 1 and 1000',
    );
    expect(() => loadServerConfig({ CONDUIT_ADMIN_TOKEN: 'short' })).toThrow(/at least 32 characters/);
  });

  it("reads the operator's OAuth apps per module and the public URL", () => {
    const config = loadServerConfig({
      CONDUIT_OAUTH_ASANA_CLIENT_ID: 'asana-client',
      CONDUIT_OAUTH_ASANA_CLIENT_SECRET: 'asana-secret',
      CONDUIT_PUBLIC_URL: 'https://conduit.example.com/',
    });
    expect(config.oauthClients).toEqual({
      'task-management': { clientId: 'asana-client', clientSecret: 'asana-secret' },
    });
    expect(config.publicUrl).toBe('https://conduit.example.com');
    expect(loadServerConfig({}).oauthClients).toEqual({});
    const dir = mkdtempSync(join(tmpdir(), 'conduit-oauth-secret-'));
    writeFileSync(join(dir, 'asana'), 'secret-from-file\n');
    const fromFile = loadServerConfig(
      { CONDUIT_OAUTH_ASANA_CLIENT_ID: 'asana-client', CONDUIT_OAUTH_ASANA_CLIENT_SECRET_FILE: 'asana' },
      dir,
    );
    rmSync(dir, { recursive: true });
    expect(fromFile.oauthClients['task-management']?.clientSecret).toBe('secret-from-file');
    expect(() => loadServerConfig({ CONDUIT_OAUTH_ASANA_CLIENT_ID: 'asana-client' })).toThrow(
      'set both CONDUIT_OAUTH_ASANA_CLIENT_ID and CONDUIT_OAUTH_ASANA_CLIENT_SECRET, or neither',
    );
    expect(() => loadServerConfig({ CONDUIT_PUBLIC_URL: 'ftp://x' })).toThrow(/CONDUIT_PUBLIC_URL/);
  });

  it("names a connector's variables by its one name, still reading those of its former name", () => {
    const env = (word: string) => ({
      CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
      [`CONDUIT_UPSTREAM_${word}_BASE_URL`]: 'http://127.0.0.1:4020/api/v2',
      [`CONDUIT_OAUTH_${word}_CLIENT_ID`]: 'desk-client',
      [`CONDUIT_OAUTH_${word}_CLIENT_SECRET`]: 'desk-secret',
    });
    for (const word of ['ZENDESK_SUPPORT', 'ZENDESK']) {
      const config = loadServerConfig(env(word), '/');
      expect(config.upstreamBaseUrls, word).toEqual({ 'support-desk': 'http://127.0.0.1:4020/api/v2' });
      expect(config.oauthClients, word).toEqual({
        'support-desk': { clientId: 'desk-client', clientSecret: 'desk-secret' },
      });
    }
    // The one name wins when both are set.
    const both = loadServerConfig(
      { ...env('ZENDESK'), CONDUIT_UPSTREAM_ZENDESK_SUPPORT_BASE_URL: 'http://127.0.0.1:4021/api/v2' },
      '/',
    );
    expect(both.upstreamBaseUrls['support-desk']).toBe('http://127.0.0.1:4021/api/v2');
  });

  it('reads each secret from its _FILE variant, refusing both forms at once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conduit-secrets-'));
    try {
      const key = randomBytes(32);
      writeFileSync(join(dir, 'key'), `${key.toString('base64')}\n`);
      writeFileSync(join(dir, 'admin'), 'z'.repeat(32));
      writeFileSync(join(dir, 'db'), 'postgres://u:p@db/conduit\n');
      const config = loadServerConfig(
        {
          CONDUIT_ENCRYPTION_KEY_FILE: join(dir, 'key'),
          CONDUIT_ADMIN_TOKEN_FILE: 'admin',
          CONDUIT_DATABASE_URL_FILE: join(dir, 'db'),
        },
        dir,
      );
      expect(config.encryptionKeys).toEqual([{ id: keyFingerprint(key), key }]);
      expect(config.adminToken).toBe('z'.repeat(32));
      expect(config.databaseUrl).toBe('postgres://u:p@db/conduit');
      expect(() =>
        loadServerConfig({ CONDUIT_ADMIN_TOKEN: 'z'.repeat(32), CONDUIT_ADMIN_TOKEN_FILE: 'admin' }, dir),
      ).toThrow('set CONDUIT_ADMIN_TOKEN or CONDUIT_ADMIN_TOKEN_FILE, not both');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the sign-in hosts, the operator’s upstream roots and the trusted proxies (issue 28)', () => {
    const config = loadServerConfig(
      {
        CONDUIT_OAUTH_HOSTS_ALLOW: 'crm.internal.example, *.sso.example',
        CONDUIT_ALLOW_UPSTREAM_OVERRIDE: '1',
        CONDUIT_UPSTREAM_ASANA_BASE_URL: 'http://127.0.0.1:4010/api/1.0/',
        CONDUIT_TRUSTED_PROXIES: '10.0.0.5, 172.16.0.0/12, ::1',
      },
      '/',
    );
    expect(config.oauthHostsAllow).toEqual(['crm.internal.example', '*.sso.example']);
    expect(config.upstreamBaseUrls).toEqual({ 'task-management': 'http://127.0.0.1:4010/api/1.0' });
    expect(config.trustedProxies).toEqual(['10.0.0.5', '172.16.0.0/12', '::1']);
    expect(loadServerConfig({}, '/')).toMatchObject({
      oauthHostsAllow: [],
      upstreamBaseUrls: {},
      trustedProxies: [],
    });
    expect(() => loadServerConfig({ CONDUIT_UPSTREAM_ASANA_BASE_URL: 'http://127.0.0.1:1' }, '/')).toThrow(
      'CONDUIT_UPSTREAM_ASANA_BASE_URL needs CONDUIT_ALLOW_UPSTREAM_OVERRIDE=1',
    );
    expect(() => loadServerConfig({ CONDUIT_TRUSTED_PROXIES: 'proxy.example' }, '/')).toThrow(
      'CONDUIT_TRUSTED_PROXIES: proxy.example is not an address or CIDR',
    );
    expect(() => loadServerConfig({ CONDUIT_TRUSTED_PROXIES: '10.0.0.0/33' }, '/')).toThrow(ConfigError);
    expect(() => loadServerConfig({ CONDUIT_OAUTH_HOSTS_ALLOW: 'bad host!' }, '/')).toThrow(
      /^CONDUIT_OAUTH_HOSTS_ALLOW: /,
    );
  });
});
