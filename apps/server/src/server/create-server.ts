import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { builtinConnectors, type Connectors } from '@conduit/connectors';
import { type Clock, systemClock } from '../clock';
import { ConfigError } from '../config/config-error';
import type { Environment } from '../config/environment';
import { KEY_FILE_NAME } from '../crypto/key-file';
import { resolveKeyring } from '../crypto/resolve-keyring';
import { StoreRefusedError } from '../errors/store-refused-error';
import { defaultExecutorResolver, upstreamLimiterOptions } from '../execute/default-executor-resolver';
import type { ServerExtension } from '../extensions/server-extension';
import { createJsonLogger, type Logger } from '../logging/logger';
import { createServerMetrics, type ServerMetrics } from '../metrics/server-metrics';
import { registerApplication } from '../services/applications';
import type { ExecutorResolver } from '../services/executor-resolver';
import { openStore } from '../store/open-store';
import { refuseLostStore } from '../store/refuse-lost-store';
import type { Store } from '../store/store';
import { startOtlpTracing } from '../tracing/otlp-tracing';
import { UpstreamEgress } from '../upstream/upstream-egress';
import { UpstreamLimiters } from '../upstream/upstream-limiters';
import { type ConduitApp, createApp } from './create-app';
import { defaultExtensions } from './default-extensions';
import { listen, type RunningServer } from './listen';
import { loadServerConfig, type ServerConfig } from './server-config';

/** How to build a server. Everything is optional: by default the environment configures it. */
export interface CreateServerOptions {
  /** Environment variables to read the configuration from. Default `process.env`. */
  readonly env?: Environment;
  /** Directory a relative `CONDUIT_DATA_DIR` is resolved against. Default `process.cwd()`. */
  readonly cwd?: string;
  /** Values that replace what the environment says (e.g. `{ port: 0, dataDir }` in a demo). */
  readonly config?: Partial<ServerConfig>;
  /** Default: JSON lines on standard error at the configured level. */
  readonly logger?: Logger;
  readonly clock?: Clock;
  readonly metrics?: ServerMetrics;
  /**
   * Features to plug in (execute, sync, search). Their migrations are applied at start. Default
   * `defaultExtensions()`.
   */
  readonly extensions?: readonly ServerExtension[];
  /** How connectors are executed. Default `defaultExecutorResolver` over the server's metrics. */
  readonly executors?: ExecutorResolver;
  /**
   * The connectors the server runs: their kinds are what `connector_type` may name, their modules
   * what executes, syncs and is searched. Default every connector Conduit ships
   * (`builtinConnectors`); a connector of your own is a line of `defineConnectors([...CONNECTORS, line])`.
   */
  readonly connectors?: Connectors;
}

/** A built server: store opened and migrated, bootstrap application ensured, app ready to serve. */
export interface ConduitServer {
  readonly config: ServerConfig;
  readonly store: Store;
  readonly app: ConduitApp;
  readonly logger: Logger;
  /** Starts listening (once) and then the extensions' background work. */
  listen(): Promise<RunningServer>;
  /**
   * Graceful stop: stop accepting, finish in-flight requests, stop the extensions, close the store.
   * Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Builds the server the configuration describes without listening yet: checks the configuration,
 * builds the keyring (generating the key file on the embedded store when none is configured),
 * opens the store and applies migrations, ensures the bootstrap application and the token secret.
 *
 * @throws ConfigError for a bad configuration; StoreUnavailableError when the store cannot be reached
 * @example
 * ```ts
 * const server = await createServer({ config: { port: 0 } });
 * const running = await server.listen();
 * ```
 */
export async function createServer(options: CreateServerOptions = {}): Promise<ConduitServer> {
  const registry = await (options.connectors ?? builtinConnectors).load();
  const config: ServerConfig = {
    ...loadServerConfig(options.env ?? process.env, options.cwd ?? process.cwd(), registry),
    ...options.config,
  };
  const logger = options.logger ?? createJsonLogger({ level: config.logLevel });
  const stopTracing = await startOtlpTracing(options.env ?? process.env, 'conduit-server');
  const clock = options.clock ?? systemClock;
  // One upstream budget per connector, shared by its executes and its syncs.
  const limiters =
    config.upstreamRateLimit === null
      ? undefined
      : new UpstreamLimiters(
          config.upstreamRateLimit === undefined
            ? undefined
            : upstreamLimiterOptions(config.upstreamRateLimit),
        );
  const extensions =
    options.extensions ??
    defaultExtensions(options.env ?? process.env, limiters ? { limiters } : { upstreamRateLimitOff: true });
  const metrics = options.metrics ?? createServerMetrics({ defaultMetrics: true });

  // Looked for before resolveKeyring, which creates the file on a first start.
  const keyFile = config.databaseUrl === undefined ? join(config.dataDir, KEY_FILE_NAME) : undefined;
  const keyFileExisted = keyFile !== undefined && (await stat(keyFile).catch(() => undefined)) !== undefined;
  const keyring = await resolveKeyring(config, logger);
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    onBackgroundError: (error) => logger.warn('database connection error', { error }),
  });

  metrics.observePool(() => store.db.poolStats?.());
  const egress = new UpstreamEgress(config.egress, registry);
  let app: ConduitApp;
  try {
    await refuseLostStore(store, {
      keyFile: keyFileExisted ? keyFile : undefined,
      configuredKeys: config.encryptionKeys?.length ?? 0,
      newInstall: config.newInstall === true,
    });
    const report = await store.migrate(extensions.flatMap((extension) => extension.migrations ?? []));
    if (report.applied.length > 0)
      logger.info('applied migrations', { versions: report.applied, dialect: store.dialect });
    if (report.unknown.length > 0) {
      logger.warn('the database has migrations this server does not know; a newer server ran against it', {
        versions: report.unknown,
      });
    }
    if (config.bootstrap) {
      const bootstrap = await registerApplication(store, { ...config.bootstrap, clock });
      logger.info(
        bootstrap.created ? 'registered the bootstrap application' : 'bootstrap application present',
        {
          client_id: bootstrap.clientId,
          application_id: bootstrap.applicationId,
        },
      );
    }
    // A service with no application and no way to make one answers nobody: say how, at start-up.
    if (!config.bootstrap && config.adminToken === undefined) {
      const applications = await store.listApplications();
      if (!applications.some((application) => !application.revokedAt)) {
        logger.warn(
          'no application can call this service: set CONDUIT_ADMIN_TOKEN and create one (conduit apps create NAME), or set CONDUIT_BOOTSTRAP_CLIENT_ID and CONDUIT_BOOTSTRAP_CLIENT_SECRET',
        );
      }
    }
    app = createApp({
      registry,
      store,
      config: {
        keyring,
        tokenSecret: config.tokenSecret,
        allowUpstreamOverride: config.allowUpstreamOverride,
        rateLimit: config.rateLimit,
        bodyLimitBytes: config.bodyLimitBytes,
        adminToken: config.adminToken,
        metricsToken: config.metricsToken,
        egress: config.egress,
        oauthClients: config.oauthClients,
        publicUrl: config.publicUrl,
        oauthHostsAllow: config.oauthHostsAllow,
        upstreamBaseUrls: config.upstreamBaseUrls,
        trustedProxies: config.trustedProxies,
      },
      egress,
      logger,
      clock,
      extensions,
      metrics,
      executors:
        options.executors ??
        defaultExecutorResolver({
          registry,
          metrics,
          egress,
          ...(limiters ? { limiters } : {}),
          ...(config.upstreamRateLimit === undefined ? {} : { rateLimit: config.upstreamRateLimit }),
        }),
    });
    // Settle the token secret now, so a generated one is created at start rather than by a request.
    await app.services.tokenSigner();
  } catch (error) {
    await store.close();
    // Refused connection settings are a bad setting, not an outage: name the variable holding them.
    if (error instanceof StoreRefusedError) {
      const reason = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new ConfigError(`CONDUIT_DATABASE_URL: ${error.message}${reason}`);
    }
    throw error;
  }

  let running: Promise<RunningServer> | undefined;
  let closing: Promise<void> | undefined;
  const started: ServerExtension[] = [];

  return {
    config,
    store,
    app,
    logger,
    listen() {
      running ??= (async () => {
        const server = await listen(app, {
          host: config.host,
          port: config.port,
          shutdownTimeoutMs: config.shutdownTimeoutMs,
          maxConnections: config.maxConnections,
          requestTimeoutMs: config.requestTimeoutMs,
        });
        for (const extension of extensions) {
          await extension.start?.(app.services);
          started.push(extension);
        }
        // Webhooks a stopped or killed process left pending go out from here (or any other process).
        app.services.connectSessions.webhooks.start();
        return server;
      })();
      return running;
    },
    close() {
      closing ??= (async () => {
        if (running) {
          const server = await running.catch(() => undefined);
          await server?.close();
        } else {
          app.startDraining();
        }
        // What is pending stays stored for the next process.
        await app.services.connectSessions.webhooks.stop();
        for (const extension of started.reverse()) {
          try {
            await extension.stop?.();
          } catch (error) {
            logger.error('extension failed to stop', { extension: extension.name, error: error as Error });
          }
        }
        await store.close();
        await egress.close();
        await stopTracing?.();
      })();
      return closing;
    },
  };
}

/** A started server: listening, with the handles to stop it. */
export interface StartedServer extends RunningServer {
  readonly server: ConduitServer;
}

/**
 * Builds and starts the server: what `node dist/main.js`, `conduit serve` and the demo run. Resolve
 * `close()` to stop it gracefully.
 *
 * @example
 * ```ts
 * const started = await startServer({ config: { port: 0, dataDir: tmp } });
 * console.log(`listening on ${started.url}`);
 * await started.close();
 * ```
 */
export async function startServer(options: CreateServerOptions = {}): Promise<StartedServer> {
  const server = await createServer(options);
  let running: RunningServer;
  try {
    running = await server.listen();
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    server,
    host: running.host,
    port: running.port,
    url: running.url,
    close: () => server.close(),
  };
}
