import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { RateLimitSpec } from '../config/rate-limit-spec';
import { Keyring } from '../crypto/keyring';
import type { ServerExtension } from '../extensions/server-extension';
import type { OAuthClient } from '../extensions/server-services';
import { type ConduitApp, createApp } from '../server/create-app';
import { listen, type RunningServer } from '../server/listen';
import { registerApplication } from '../services/applications';
import type { LoginGuardLimits } from '../services/login-guard';
import { openStore } from '../store/open-store';
import type { Store } from '../store/store';
import type { UpstreamEgressSettings } from '../upstream/upstream-egress';
import { type CapturedLogs, captureLogs } from './capture-logger';
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from './postgres-test-schema';
import { makeTempDir, removeTempDir } from './temp-dir';

/** The two backings every HTTP test runs against. */
export type StoreKind = 'sqlite' | 'postgres';

/** A clock the test moves by hand. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

/**
 * A clock starting at a fixed instant.
 *
 * @example
 * ```ts
 * const clock = manualClock();
 * clock.advance(901_000);
 * ```
 */
export function manualClock(start = Date.parse('2026-01-01T00:00:00Z')): ManualClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

/** Where a test store lives, and how to clean it up. */
export interface TestStoreLocation {
  readonly kind: StoreKind;
  readonly dataDir: string | undefined;
  readonly schema: string | undefined;
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

/**
 * A fresh, isolated store location: a temporary directory (SQLite) or a unique schema (PostgreSQL).
 *
 * @example
 * ```ts
 * const location = await testStoreLocation('postgres', 'rotation');
 * const store = await location.open();
 * ```
 */
export async function testStoreLocation(kind: StoreKind, label: string): Promise<TestStoreLocation> {
  if (kind === 'sqlite') {
    const dataDir = await makeTempDir(label);
    return {
      kind,
      dataDir,
      schema: undefined,
      open: () => openStore({ dataDir }),
      cleanup: () => removeTempDir(dataDir),
    };
  }
  const schema = uniqueSchemaName(label);
  return {
    kind,
    dataDir: undefined,
    schema,
    open: () => openStore({ databaseUrl: TEST_DATABASE_URL, databaseSchema: schema }),
    cleanup: () => dropSchema(schema),
  };
}

/** Options of a test app. */
export interface TestAppOptions {
  readonly rateLimit?: RateLimitSpec | null;
  readonly allowUpstreamOverride?: boolean;
  /**
   * The upstream egress. Default: loopback allowed, since the simulators listen there; tests of
   * the egress policy pass `{}` (public addresses only).
   */
  readonly egress?: UpstreamEgressSettings;
  readonly loginLimits?: LoginGuardLimits;
  readonly keyring?: Keyring;
  readonly clock?: ManualClock;
  readonly extensions?: readonly ServerExtension[];
  /** Share a store (and its location) with another app instead of making one. */
  readonly store?: Store;
  /** The operator's token of the admin API; default none (the admin API is off). */
  readonly adminToken?: string;
  /** The operator's OAuth apps by kind (the connect page's consent flow). */
  readonly oauthClients?: Readonly<Record<string, OAuthClient>>;
  /** Waits between webhook attempts (short in tests). */
  readonly webhookRetryDelaysMs?: readonly number[];
  /** A token `/metrics` then requires. */
  readonly metricsToken?: string;
  /** How long an active application is remembered (default the app's, 1 s). */
  readonly applicationStatusTtlMs?: number;
  /** Sign-in hosts besides each kind's own (`CONDUIT_OAUTH_HOSTS_ALLOW`). */
  readonly oauthHostsAllow?: readonly string[];
  /** The operator's API root per kind for the connect page's connectors (a simulator's). */
  readonly upstreamBaseUrls?: Readonly<Record<string, string>>;
  /** Reverse proxies whose `X-Forwarded-For` is read (`CONDUIT_TRUSTED_PROXIES`). */
  readonly trustedProxies?: readonly string[];
  /** `CONDUIT_PUBLIC_URL`. */
  readonly publicUrl?: string;
}

/** A JSON response as the tests look at it. */
export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
}

/** Options of one request. */
export interface TestRequest {
  readonly token?: string;
  /** A value to send as JSON, or a string sent as is. */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** An app served on an ephemeral port, over a real store, with helpers for the common calls. */
export interface TestApp {
  readonly app: ConduitApp;
  readonly store: Store;
  readonly server: RunningServer;
  readonly logs: CapturedLogs;
  readonly clock: ManualClock;
  readonly keyring: Keyring;
  readonly clientId: string;
  readonly clientSecret: string;
  request(method: string, path: string, request?: TestRequest): Promise<TestResponse>;
  /** An application token of the test application (or the given credentials). */
  applicationToken(credentials?: { clientId: string; clientSecret: string }): Promise<string>;
  /** A scoped token for `externalUserId`, issued with `applicationToken`. */
  scopedToken(externalUserId: string, applicationToken?: string): Promise<string>;
  /** Registers another application (another tenant). */
  registerTenant(): Promise<{ clientId: string; clientSecret: string }>;
  close(): Promise<void>;
}

/**
 * Starts the app over an open, migrated store on 127.0.0.1 with an ephemeral port, with one
 * registered application and captured logs.
 *
 * @example
 * ```ts
 * const t = await startTestApp(store);
 * const token = await t.applicationToken();
 * ```
 */
export async function startTestApp(store: Store, options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? manualClock(Date.now());
  const keyring = options.keyring ?? new Keyring([{ id: 'test-key', key: randomBytes(32) }]);
  const logs = captureLogs();
  const app = createApp({
    store,
    config: {
      keyring,
      allowUpstreamOverride: options.allowUpstreamOverride ?? false,
      rateLimit: options.rateLimit ?? null,
      bodyLimitBytes: 1024 * 1024,
      adminToken: options.adminToken,
      oauthClients: options.oauthClients,
      webhookRetryDelaysMs: options.webhookRetryDelaysMs,
      metricsToken: options.metricsToken,
      applicationStatusTtlMs: options.applicationStatusTtlMs,
      oauthHostsAllow: options.oauthHostsAllow,
      upstreamBaseUrls: options.upstreamBaseUrls,
      trustedProxies: options.trustedProxies,
      publicUrl: options.publicUrl,
      egress: options.egress ?? { allow: ['127.0.0.0/8', '::1'] },
      ...(options.loginLimits === undefined ? {} : { loginLimits: options.loginLimits }),
    },
    logger: logs.logger,
    clock,
    ...(options.extensions === undefined ? {} : { extensions: options.extensions }),
  });
  const server = await listen(app, { host: '127.0.0.1', port: 0, shutdownTimeoutMs: 5000 });
  const registered = await registerApplication(store, { clock });

  const request = async (method: string, path: string, init: TestRequest = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON (metrics): keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  const applicationToken = async (credentials = registered): Promise<string> => {
    const response = await request('POST', '/api/v1/account/applications/token', {
      body: { client_id: credentials.clientId, client_secret: credentials.clientSecret },
    });
    if (response.status !== 200) throw new Error(`token call answered ${response.status}: ${response.text}`);
    return (response.body as { access_token: string }).access_token;
  };

  return {
    app,
    store,
    server,
    logs,
    clock,
    keyring,
    clientId: registered.clientId,
    clientSecret: registered.clientSecret,
    request,
    applicationToken,
    async scopedToken(externalUserId, token) {
      const response = await request('POST', '/api/v1/account/applications/scoped-token', {
        token: token ?? (await applicationToken()),
        body: { external_user_id: externalUserId },
      });
      if (response.status !== 200)
        throw new Error(`scoped token call answered ${response.status}: ${response.text}`);
      return (response.body as { token: string }).token;
    },
    async registerTenant() {
      const tenant = await registerApplication(store, { clock });
      return { clientId: tenant.clientId, clientSecret: tenant.clientSecret };
    },
    async close() {
      await server.close();
      await app.services.connectSessions.webhooks.stop();
    },
  };
}
