import type { ConnectorRegistry } from '@conduit/connector-kit';
import { connectorRegistry } from '@conduit/connectors/loaded';
import { type Clock, systemClock } from '../clock';
import { assertOAuthHost } from '../connect/oauth-hosts';
import { resolveTokenSecret } from '../crypto/token-secret';
import { TokenSigner } from '../crypto/token-signer';
import type { ServerExtension } from '../extensions/server-extension';
import type { AppConfig, ServerServices } from '../extensions/server-services';
import { createClientAddressResolver } from '../http/client-address';
import type { Logger } from '../logging/logger';
import { createServerMetrics, type ServerMetrics } from '../metrics/server-metrics';
import { ApplicationStatusCache } from '../services/application-status-cache';
import { ConnectSessionService } from '../services/connect-session-service';
import { ConnectorService } from '../services/connector-service';
import type { ExecutorResolver } from '../services/executor-resolver';
import { InboundRateLimiter } from '../services/inbound-rate-limiter';
import { LoginGuard } from '../services/login-guard';
import type { Store } from '../store/store';
import { UpstreamEgress } from '../upstream/upstream-egress';

/** What the services of an app are built from (`createApp` takes the same options). */
export interface ServerServicesOptions {
  /** An opened, migrated store. */
  readonly store: Store;
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly clock?: Clock;
  /** Default: a fresh registry with the server's metrics. */
  readonly metrics?: ServerMetrics;
  /** Features plugged in: routes, lifecycle hooks. Their migrations must already be applied. */
  readonly extensions?: readonly ServerExtension[];
  /** How connectors are executed (provided by the execute feature). */
  readonly executors?: ExecutorResolver;
  /** The upstream egress; default one built from `config.egress`. */
  readonly egress?: UpstreamEgress;
  /** The connector modules the app runs. Default every connector Conduit ships (`@conduit/connectors/loaded`). */
  readonly registry?: ConnectorRegistry;
}

/**
 * Builds the services of one app: the connectors with the extensions' lifecycle hooks, connect
 * sessions, limiters, the egress and the token signer, with their defaults. `createApp` calls it
 * and hands the result to every route and extension.
 *
 * @example
 * ```ts
 * const services = createServerServices({ store, config, logger, extensions });
 * const connector = await services.connectors.loadForCaller(caller, id);
 * ```
 */
export function createServerServices(options: ServerServicesOptions): ServerServices {
  const { store, config, logger } = options;
  const clock = options.clock ?? systemClock;
  const metrics = options.metrics ?? createServerMetrics();
  const extensions = options.extensions ?? [];
  const registry = options.registry ?? connectorRegistry;

  let signer: Promise<TokenSigner> | undefined;
  const tokenSigner = (): Promise<TokenSigner> => {
    if (!signer) {
      const pending = resolveTokenSecret(store, config.keyring, config.tokenSecret, clock).then(
        (secret) => new TokenSigner(secret, clock),
      );
      // A failure (store down) is not cached: the next request tries again.
      pending.catch(() => {
        if (signer === pending) signer = undefined;
      });
      signer = pending;
    }
    return signer;
  };

  const connectors: ConnectorService = new ConnectorService({
    registry,
    store,
    keyring: config.keyring,
    clock,
    allowUpstreamOverride: config.allowUpstreamOverride,
    checkUpstreamUrl: (url) => services.egress.assertConfiguredUrl(url),
    checkOAuthConfig: (type, credentials, connectorConfig) => {
      // Only a connector holding the operator's own OAuth client: its secret follows the config.
      const client = config.oauthClients?.[type];
      if (client === undefined || credentials.client_id !== client.clientId) return;
      const module = registry.forKind(type);
      if (module?.oauth === undefined) return;
      const baseUrl = module.baseUrl(connectorConfig);
      assertOAuthHost(
        module,
        config,
        module.oauth.tokenUrl({ baseUrl, config: connectorConfig }),
        'config.instance_url',
      );
    },
    lifecycle: {
      onCreated: async (connector) => {
        for (const extension of extensions) {
          if (!extension.onConnectorCreated) continue;
          try {
            await extension.onConnectorCreated(connector, services);
          } catch (error) {
            // The connector exists either way; the feature catches up on its own schedule.
            logger.error('connector creation hook failed', {
              extension: extension.name,
              connector_id: connector.id,
              error: error instanceof Error ? error : new Error(String(error)),
            });
          }
        }
      },
      onUpdated: async (connector) => {
        for (const extension of extensions) {
          if (!extension.onConnectorUpdated) continue;
          try {
            await extension.onConnectorUpdated(connector, services);
          } catch (error) {
            logger.error('connector update hook failed', {
              extension: extension.name,
              connector_id: connector.id,
              error: error instanceof Error ? error : new Error(String(error)),
            });
          }
        }
      },
      deleteHooks: extensions.flatMap((extension) =>
        extension.beforeConnectorDelete ? [extension.beforeConnectorDelete] : [],
      ),
    },
  });

  const egress = options.egress ?? new UpstreamEgress(config.egress, registry);
  const services: ServerServices = {
    store,
    config,
    keyring: config.keyring,
    logger,
    clock,
    metrics,
    rateLimiter: config.rateLimit ? new InboundRateLimiter(store, config.rateLimit, clock) : undefined,
    applicationStatus: new ApplicationStatusCache(store, { ttlMs: config.applicationStatusTtlMs ?? 1000 }),
    executors: options.executors,
    loginGuard: new LoginGuard(clock, config.loginLimits),
    clientAddress: createClientAddressResolver(config.trustedProxies ?? []),
    egress,
    extensions,
    tokenSigner,
    registry,
    connectors,
    connectSessions: new ConnectSessionService({
      store,
      clock,
      keyring: config.keyring,
      connectors,
      logger,
      // Webhooks leave through the egress policy like upstream calls: an application cannot point
      // the service at its own network.
      checkWebhookUrl: (url) => egress.assertConfiguredUrl(url),
      publicUrl: config.publicUrl,
      webhook: {
        fetch: egress.webhookFetch(),
        ...(config.webhookRetryDelaysMs ? { retryDelaysMs: config.webhookRetryDelaysMs } : {}),
      },
    }),
  };
  return services;
}
