import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { ConnectorRegistry } from '@conduit/connector-kit';
import { connectorRegistry } from '@conduit/connectors/loaded';
import { createEgressPolicy, type ProxySettings, proxyFromEnv } from '@conduit/transport/egress';
import { ConfigError } from '../config/config-error';
import { requirePositiveDuration } from '../config/duration';
import type { Environment } from '../config/environment';
import { parseRateLimit, type RateLimitSpec } from '../config/rate-limit-spec';
import { decodeKey, type EncryptionKey, keyFingerprint, parseEncryptionKeys } from '../crypto/keyring';
import type { OAuthClient } from '../extensions/server-services';
import { LOG_LEVELS, type LogLevel } from '../logging/logger';
import type { UpstreamEgressSettings } from '../upstream/upstream-egress';

/** The body size limit of the contract (§5): 1 MiB. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Everything the server process is configured with. `loadServerConfig` reads it from the
 * environment; `startServer` accepts overrides.
 */
export interface ServerConfig {
  /** `CONDUIT_HOST`, default `127.0.0.1`. */
  readonly host: string;
  /** `CONDUIT_PORT`, default `8787`; `0` picks a free port. */
  readonly port: number;
  /** `CONDUIT_DATA_DIR`, default `./.conduit` under the working directory (embedded store, key file). */
  readonly dataDir: string;
  /** `CONDUIT_DATABASE_URL` (`postgres://…`); when set, PostgreSQL replaces the embedded store. */
  readonly databaseUrl: string | undefined;
  /** `CONDUIT_DATABASE_SCHEMA`: the PostgreSQL schema to use, created when missing. */
  readonly databaseSchema: string | undefined;
  /**
   * `CONDUIT_ENCRYPTION_KEYS` (`id:base64,…`, first is current) or `CONDUIT_ENCRYPTION_KEY`
   * (one base64 key). Unset: a generated key file on the embedded store; an error with PostgreSQL.
   */
  readonly encryptionKeys: readonly EncryptionKey[] | undefined;
  /** `CONDUIT_TOKEN_SECRET` (at least 32 bytes); unset: generated once and kept in the store. */
  readonly tokenSecret: Buffer | undefined;
  /** `CONDUIT_ALLOW_UPSTREAM_OVERRIDE=1` lets connectors set `config.base_url`. */
  readonly allowUpstreamOverride: boolean;
  /**
   * `CONDUIT_NEW_INSTALL=1` (`--new-install`): start on an empty store even though keys of an
   * earlier install are present (otherwise refused, see `refuseLostStore`).
   */
  readonly newInstall?: boolean | undefined;
  /** `CONDUIT_RATE_LIMIT`, default `600/60s` per application; `off` disables it. */
  readonly rateLimit: RateLimitSpec | null;
  /**
   * `CONDUIT_UPSTREAM_RATE_LIMIT`: each connector's own limit on its upstream calls, `<requests>/<window>`
   * or `off`. Unset: the upstream's published limit (each connector module's `rateLimit`).
   */
  readonly upstreamRateLimit: RateLimitSpec | null | undefined;
  /** Largest accepted request body, in bytes (1 MiB). */
  readonly bodyLimitBytes: number;
  /** `CONDUIT_BOOTSTRAP_CLIENT_ID` / `CONDUIT_BOOTSTRAP_CLIENT_SECRET`: an application ensured at start. */
  readonly bootstrap: { readonly clientId: string; readonly clientSecret: string } | undefined;
  /** `CONDUIT_LOG_LEVEL`: `debug`, `info` (default), `warn` or `error`. */
  readonly logLevel: LogLevel;
  /** `CONDUIT_SHUTDOWN_TIMEOUT`, default `10s`: how long SIGTERM waits for in-flight requests. */
  readonly shutdownTimeoutMs: number;
  /** `CONDUIT_DATABASE_POOL_SIZE`: connections of the PostgreSQL pool per process, default 10. */
  readonly databasePoolSize: number;
  /** `CONDUIT_DATABASE_STATEMENT_TIMEOUT`, default `30s`: PostgreSQL's limit on one statement. */
  readonly databaseStatementTimeoutMs: number;
  /** `CONDUIT_ADMIN_TOKEN` (at least 32 characters): the operator's token of the admin API; unset disables it. */
  readonly adminToken: string | undefined;
  /** `CONDUIT_METRICS_TOKEN`: when set, `/metrics` answers only `Authorization: Bearer <token>`. */
  readonly metricsToken: string | undefined;
  /**
   * Upstream egress: `CONDUIT_EGRESS_ALLOW` (addresses, CIDRs and hosts reached although
   * loopback/private/link-local, for self-managed upstreams and tests), `CONDUIT_DOWNLOAD_HOSTS`
   * (download hosts besides each kind's own, `*` for any), `CONDUIT_UPSTREAM_MAX_RESPONSE_BYTES`
   * (default 16 MiB), `CONDUIT_DOWNLOAD_MAX_BYTES` and `CONDUIT_DOWNLOAD_MAX_TIME` (unset: unbounded).
   */
  readonly egress: UpstreamEgressSettings;
  /** `CONDUIT_MAX_CONNECTIONS`, default 1,000: open connections at most. */
  readonly maxConnections: number;
  /** `CONDUIT_REQUEST_TIMEOUT`, default `30s`: time to receive a whole request; slow uploads are cut. */
  readonly requestTimeoutMs: number;
  /**
   * `CONDUIT_OAUTH_<MODULE>_CLIENT_ID` and `_CLIENT_SECRET` (module name upper-cased, `-` as `_`,
   * so module `example-desk` reads `CONDUIT_OAUTH_EXAMPLE_DESK_CLIENT_ID`): the operator's OAuth app per kind, which lets the
   * connect page offer the upstream's consent flow. By connector kind.
   */
  readonly oauthClients: Readonly<Record<string, OAuthClient>>;
  /** `CONDUIT_PUBLIC_URL`: the service's address as browsers reach it (the OAuth callback's base). */
  readonly publicUrl: string | undefined;
  /**
   * `CONDUIT_OAUTH_HOSTS_ALLOW` (hosts, `*.`-suffixes, addresses or CIDRs): where OAuth flows with
   * the operator's client may go besides each kind's own identity hosts.
   */
  readonly oauthHostsAllow: readonly string[];
  /**
   * `CONDUIT_UPSTREAM_<MODULE>_BASE_URL` (needs `CONDUIT_ALLOW_UPSTREAM_OVERRIDE=1`): the API root of
   * the connectors the connect page makes of that kind (a self-managed upstream, a simulator).
   */
  readonly upstreamBaseUrls: Readonly<Record<string, string>>;
  /**
   * `CONDUIT_TRUSTED_PROXIES` (addresses or CIDRs): reverse proxies whose `X-Forwarded-For` names the
   * client, read right to left up to the first address that is not one of them.
   */
  readonly trustedProxies: readonly string[];
}

/**
 * The words a connector's variables are named with: its name, then the kind's other aliases (a
 * name it had before, e.g. `NOTES` for `NOTES_APP`), whose variables are still read.
 */
function moduleWords(module: ConnectorRegistry['modules'][number]): string[] {
  const names = [module.name, ...module.connectorKind.aliases.filter((alias) => alias !== module.name)];
  return names.map((name) => name.toUpperCase().replace(/-/g, '_'));
}

function upstreamBaseUrlsFrom(
  env: Environment,
  allowUpstreamOverride: boolean,
  registry: ConnectorRegistry,
): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const module of registry.modules) {
    const names = moduleWords(module).map((word) => `CONDUIT_UPSTREAM_${word}_BASE_URL`);
    const name = names.find((candidate) => read(env, candidate) !== undefined);
    const text = name === undefined ? undefined : read(env, name);
    if (name === undefined || text === undefined) continue;
    if (!allowUpstreamOverride) throw new ConfigError(`${name} needs CONDUIT_ALLOW_UPSTREAM_OVERRIDE=1`);
    wrap(name, () => module.baseUrl({ base_url: text }));
    urls[module.kind] = text.replace(/\/+$/, '');
  }
  return urls;
}

function trustedProxiesFrom(env: Environment): string[] {
  const entries = list(env, 'CONDUIT_TRUSTED_PROXIES');
  for (const entry of entries) {
    const [address, prefix] = entry.split('/', 2) as [string, string | undefined];
    const version = isIP(address);
    const bits = version === 4 ? 32 : 128;
    if (version === 0 || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))) {
      throw new ConfigError(`CONDUIT_TRUSTED_PROXIES: ${entry} is not an address or CIDR`);
    }
  }
  return entries;
}

function oauthClientsFrom(env: Environment, registry: ConnectorRegistry): Record<string, OAuthClient> {
  const clients: Record<string, OAuthClient> = {};
  for (const module of registry.modules) {
    if (!module.oauth) continue;
    const prefixes = moduleWords(module).map((word) => `CONDUIT_OAUTH_${word}`);
    const prefix =
      prefixes.find(
        (candidate) =>
          read(env, `${candidate}_CLIENT_ID`) !== undefined ||
          read(env, `${candidate}_CLIENT_SECRET`) !== undefined,
      ) ?? prefixes[0]!;
    const clientId = read(env, `${prefix}_CLIENT_ID`);
    const clientSecret = read(env, `${prefix}_CLIENT_SECRET`);
    if ((clientId === undefined) !== (clientSecret === undefined)) {
      throw new ConfigError(`set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither`);
    }
    if (clientId !== undefined && clientSecret !== undefined)
      clients[module.kind] = { clientId, clientSecret };
  }
  return clients;
}

function publicUrlFrom(env: Environment): string | undefined {
  const text = read(env, 'CONDUIT_PUBLIC_URL');
  if (text === undefined) return undefined;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new ConfigError('CONDUIT_PUBLIC_URL must be an http or https URL');
  }
  return text.replace(/\/+$/, '');
}

/**
 * Secrets that may also be given as a file (`<NAME>_FILE`, e.g. a mounted Docker or Kubernetes
 * secret), so they need not sit in the environment.
 *
 * @example
 * ```ts
 * SECRET_VARIABLES.includes('CONDUIT_ADMIN_TOKEN'); // CONDUIT_ADMIN_TOKEN_FILE=/run/secrets/admin works too
 * ```
 */
export const SECRET_VARIABLES = [
  'CONDUIT_DATABASE_URL',
  'CONDUIT_ENCRYPTION_KEY',
  'CONDUIT_ENCRYPTION_KEYS',
  'CONDUIT_TOKEN_SECRET',
  'CONDUIT_BOOTSTRAP_CLIENT_SECRET',
  'CONDUIT_ADMIN_TOKEN',
  'CONDUIT_METRICS_TOKEN',
] as const;

/**
 * The environment with each `<SECRET>_FILE` of {@link SECRET_VARIABLES} replaced by `<SECRET>` set to
 * the file's content (trailing newline removed). Relative paths are read from `cwd`.
 *
 * @throws ConfigError when both forms are set or the file cannot be read
 * @example
 * ```ts
 * const env = resolveSecretFiles({ CONDUIT_ADMIN_TOKEN_FILE: '/run/secrets/admin' }, '/');
 * ```
 */
export function resolveSecretFiles(env: Environment, cwd: string = process.cwd()): Environment {
  let resolved: Record<string, string | undefined> | undefined;
  // The OAuth apps' secrets are named after the modules: `CONDUIT_OAUTH_<MODULE>_CLIENT_SECRET`.
  const oauthSecrets = Object.keys(env).flatMap((key) => {
    const match = /^(CONDUIT_OAUTH_[A-Z0-9_]+_CLIENT_SECRET)_FILE$/.exec(key);
    return match ? [match[1]!] : [];
  });
  for (const name of [...SECRET_VARIABLES, ...oauthSecrets]) {
    const file = read(env, `${name}_FILE`);
    if (file === undefined) continue;
    if (read(env, name) !== undefined) throw new ConfigError(`set ${name} or ${name}_FILE, not both`);
    let content: string;
    try {
      content = readFileSync(resolve(cwd, file), 'utf8');
    } catch (error) {
      throw new ConfigError(
        `${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
        {
          cause: error,
        },
      );
    }
    resolved ??= { ...env };
    resolved[name] = content.replace(/\r?\n$/, '');
  }
  return resolved ?? env;
}

function operatorToken(env: Environment, name: string): string | undefined {
  const token = read(env, name);
  if (token !== undefined && token.length < 32) {
    throw new ConfigError(`${name} must be at least 32 characters of random text`);
  }
  return token;
}
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const CLIENT_ID = /^[A-Za-z0-9._~-]{1,128}$/;

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function flag(env: Environment, name: string): boolean {
  const value = read(env, name)?.toLowerCase();
  if (value === undefined || value === '0' || value === 'false' || value === 'no') return false;
  if (value === '1' || value === 'true' || value === 'yes') return true;
  throw new ConfigError(`${name} must be 1 or 0`);
}

function wrap<T>(name: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const { message } = error as Error;
    // Parsers that are told the variable's name (decodeKey) already start with it.
    throw new ConfigError(message.startsWith(name) ? message : `${name}: ${message}`, { cause: error });
  }
}

function list(env: Environment, name: string): string[] {
  return (read(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A whole number from 1 to `max` in `name`, or undefined when it is not set. */
function positiveInteger(env: Environment, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const text = read(env, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > max) {
    throw new ConfigError(
      max === Number.MAX_SAFE_INTEGER
        ? `${name} must be a positive integer`
        : `${name} must be an integer between 1 and ${max}`,
    );
  }
  return value;
}

/**
 * The upstream proxies (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, as curl and Node.js read them),
 * each URL checked here so a typo stops the start with the variable's name.
 */
function proxyFrom(env: Environment): ProxySettings {
  const proxy = proxyFromEnv(env);
  for (const [name, value] of [
    ['HTTP_PROXY', proxy.httpProxy],
    ['HTTPS_PROXY', proxy.httpsProxy],
  ] as const) {
    if (value === undefined) continue;
    const protocol = URL.canParse(value) ? new URL(value).protocol : undefined;
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw new ConfigError(`${name} must be an http:// or https:// proxy URL`);
    }
  }
  return proxy;
}

function egressFrom(env: Environment): UpstreamEgressSettings {
  const allow = list(env, 'CONDUIT_EGRESS_ALLOW');
  // Compiled once here so a bad entry stops the start with the variable's name.
  wrap('CONDUIT_EGRESS_ALLOW', () => createEgressPolicy({ allow }));
  const downloadHosts = list(env, 'CONDUIT_DOWNLOAD_HOSTS');
  wrap('CONDUIT_DOWNLOAD_HOSTS', () => createEgressPolicy({ allowedHosts: downloadHosts }));
  const maxResponseBytes = positiveInteger(env, 'CONDUIT_UPSTREAM_MAX_RESPONSE_BYTES');
  const downloadMaxBytes = positiveInteger(env, 'CONDUIT_DOWNLOAD_MAX_BYTES');
  const time = read(env, 'CONDUIT_DOWNLOAD_MAX_TIME');
  return {
    allow,
    downloadHosts,
    proxy: proxyFrom(env),
    ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
    ...(downloadMaxBytes === undefined ? {} : { downloadMaxBytes }),
    ...(time === undefined
      ? {}
      : { downloadMaxTimeMs: wrap('CONDUIT_DOWNLOAD_MAX_TIME', () => requirePositiveDuration(time)) }),
  };
}

function encryptionKeysFrom(env: Environment): EncryptionKey[] | undefined {
  const many = read(env, 'CONDUIT_ENCRYPTION_KEYS');
  const one = read(env, 'CONDUIT_ENCRYPTION_KEY');
  if (many !== undefined && one !== undefined) {
    throw new ConfigError('set CONDUIT_ENCRYPTION_KEY or CONDUIT_ENCRYPTION_KEYS, not both');
  }
  if (many !== undefined)
    return wrap('CONDUIT_ENCRYPTION_KEYS', () => parseEncryptionKeys(many, 'CONDUIT_ENCRYPTION_KEYS'));
  if (one !== undefined) {
    const key = wrap('CONDUIT_ENCRYPTION_KEY', () => decodeKey(one, 'CONDUIT_ENCRYPTION_KEY'));
    return [{ id: keyFingerprint(key), key }];
  }
  return undefined;
}

/**
 * Reads the server's configuration from environment variables (flags of `conduit-server` are
 * mapped onto the same names), validating every value so a mistake stops the start with a message
 * naming the variable. The per-connector variables (`CONDUIT_UPSTREAM_<MODULE>_BASE_URL`,
 * `CONDUIT_OAUTH_<MODULE>_CLIENT_ID`) are those of `registry`'s modules, default every connector
 * Conduit ships.
 *
 * @throws ConfigError
 * @example
 * ```ts
 * const config = loadServerConfig(process.env, process.cwd());
 * ```
 */
export function loadServerConfig(
  environment: Environment,
  cwd: string = process.cwd(),
  registry: ConnectorRegistry = connectorRegistry,
): ServerConfig {
  const env = resolveSecretFiles(environment, cwd);
  const portText = read(env, 'CONDUIT_PORT') ?? '8787';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new ConfigError('CONDUIT_PORT must be an integer between 0 and 65535');
  }

  const databaseUrl = read(env, 'CONDUIT_DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    throw new ConfigError('CONDUIT_DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const databaseSchema = read(env, 'CONDUIT_DATABASE_SCHEMA');
  if (databaseSchema !== undefined && !SCHEMA_NAME.test(databaseSchema)) {
    throw new ConfigError('CONDUIT_DATABASE_SCHEMA must be a lower-case identifier (letters, digits, _)');
  }

  const tokenSecretText = read(env, 'CONDUIT_TOKEN_SECRET');
  const tokenSecret = tokenSecretText === undefined ? undefined : Buffer.from(tokenSecretText, 'utf8');
  if (tokenSecret !== undefined && tokenSecret.length < 32) {
    throw new ConfigError('CONDUIT_TOKEN_SECRET must be at least 32 bytes of random text');
  }

  const clientId = read(env, 'CONDUIT_BOOTSTRAP_CLIENT_ID');
  const clientSecret = read(env, 'CONDUIT_BOOTSTRAP_CLIENT_SECRET');
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw new ConfigError(
      'set both CONDUIT_BOOTSTRAP_CLIENT_ID and CONDUIT_BOOTSTRAP_CLIENT_SECRET, or neither',
    );
  }
  if (clientId !== undefined && !CLIENT_ID.test(clientId)) {
    throw new ConfigError('CONDUIT_BOOTSTRAP_CLIENT_ID must be 1-128 characters of A-Z a-z 0-9 . _ ~ -');
  }
  if (clientSecret !== undefined && (clientSecret.length < 16 || clientSecret.length > 1024)) {
    throw new ConfigError('CONDUIT_BOOTSTRAP_CLIENT_SECRET must be 16 to 1024 characters');
  }

  const allowUpstreamOverride = flag(env, 'CONDUIT_ALLOW_UPSTREAM_OVERRIDE');
  const logLevel = (read(env, 'CONDUIT_LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel;
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    throw new ConfigError(`CONDUIT_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  return {
    host: read(env, 'CONDUIT_HOST') ?? '127.0.0.1',
    port,
    dataDir: resolve(cwd, read(env, 'CONDUIT_DATA_DIR') ?? '.conduit'),
    databaseUrl,
    databaseSchema,
    encryptionKeys: encryptionKeysFrom(env),
    tokenSecret,
    allowUpstreamOverride,
    newInstall: flag(env, 'CONDUIT_NEW_INSTALL'),
    rateLimit: wrap('CONDUIT_RATE_LIMIT', () => parseRateLimit(read(env, 'CONDUIT_RATE_LIMIT') ?? '600/60s')),
    upstreamRateLimit: wrap('CONDUIT_UPSTREAM_RATE_LIMIT', () => {
      const text = read(env, 'CONDUIT_UPSTREAM_RATE_LIMIT');
      return text === undefined ? undefined : parseRateLimit(text);
    }),
    bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
    bootstrap: clientId !== undefined && clientSecret !== undefined ? { clientId, clientSecret } : undefined,
    logLevel,
    shutdownTimeoutMs: wrap('CONDUIT_SHUTDOWN_TIMEOUT', () =>
      requirePositiveDuration(read(env, 'CONDUIT_SHUTDOWN_TIMEOUT') ?? '10s'),
    ),
    databasePoolSize: positiveInteger(env, 'CONDUIT_DATABASE_POOL_SIZE', 1000) ?? 10,
    databaseStatementTimeoutMs: wrap('CONDUIT_DATABASE_STATEMENT_TIMEOUT', () =>
      requirePositiveDuration(read(env, 'CONDUIT_DATABASE_STATEMENT_TIMEOUT') ?? '30s'),
    ),
    adminToken: operatorToken(env, 'CONDUIT_ADMIN_TOKEN'),
    metricsToken: operatorToken(env, 'CONDUIT_METRICS_TOKEN'),
    egress: egressFrom(env),
    maxConnections: positiveInteger(env, 'CONDUIT_MAX_CONNECTIONS') ?? 1000,
    requestTimeoutMs: wrap('CONDUIT_REQUEST_TIMEOUT', () =>
      requirePositiveDuration(read(env, 'CONDUIT_REQUEST_TIMEOUT') ?? '30s'),
    ),
    oauthClients: oauthClientsFrom(env, registry),
    publicUrl: publicUrlFrom(env),
    oauthHostsAllow: wrap('CONDUIT_OAUTH_HOSTS_ALLOW', () => {
      const hosts = list(env, 'CONDUIT_OAUTH_HOSTS_ALLOW');
      createEgressPolicy({ allowedHosts: hosts });
      return hosts;
    }),
    upstreamBaseUrls: upstreamBaseUrlsFrom(env, allowUpstreamOverride, registry),
    trustedProxies: trustedProxiesFrom(env),
  };
}
