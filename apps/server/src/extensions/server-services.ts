import type { ConnectorRegistry } from '@conduit/connector-kit';
import type { Clock } from '../clock';
import type { RateLimitSpec } from '../config/rate-limit-spec';
import type { Keyring } from '../crypto/keyring';
import type { TokenSigner } from '../crypto/token-signer';
import type { Logger } from '../logging/logger';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { ApplicationStatusCache } from '../services/application-status-cache';
import type { ConnectSessionService } from '../services/connect-session-service';
import type { ConnectorService } from '../services/connector-service';
import type { ExecutorResolver } from '../services/executor-resolver';
import type { InboundRateLimiter } from '../services/inbound-rate-limiter';
import type { LoginGuard, LoginGuardLimits } from '../services/login-guard';
import type { Store } from '../store/store';
import type { UpstreamEgress, UpstreamEgressSettings } from '../upstream/upstream-egress';
import type { ServerExtension } from './server-extension';

// Only the types of the bag live here, beside the extension contract that hands it to features:
// every feature reads it, so it sits below them. `createApp` (the composition root, `server/`)
// builds it.

/** The lifetime of an application token, in seconds (contract §1). */
export const APPLICATION_TOKEN_TTL_SECONDS = 900;
/** The lifetime of a scoped token, in seconds (contract §1). */
export const SCOPED_TOKEN_TTL_SECONDS = 1200;

/** An OAuth app registered with an upstream by the operator. */
export interface OAuthClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** What the HTTP app needs beyond the store: keys and the policies an operator can change. */
export interface AppConfig {
  /** Seals and opens connector credentials and sealed settings. */
  readonly keyring: Keyring;
  /** The token signing secret; when absent it is read from (or generated into) the store on first use. */
  readonly tokenSecret?: Buffer | undefined;
  /** Whether connectors may set `config.base_url`. */
  readonly allowUpstreamOverride: boolean;
  /** Requests per application per window; null disables the limit. */
  readonly rateLimit: RateLimitSpec | null;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimitBytes: number;
  /** The operator's token of the admin API (`CONDUIT_ADMIN_TOKEN`); without it the admin API answers 404. */
  readonly adminToken?: string | undefined;
  /**
   * The operator's OAuth app of each kind that offers the authorization-code flow on the connect
   * page (`CONDUIT_OAUTH_<MODULE>_CLIENT_ID` / `_CLIENT_SECRET`), by connector kind.
   */
  readonly oauthClients?: Readonly<Record<string, OAuthClient>> | undefined;
  /**
   * The address browsers reach the service at (`CONDUIT_PUBLIC_URL`), for the OAuth callback;
   * default the address of the request.
   */
  readonly publicUrl?: string | undefined;
  /**
   * Hosts (names, `*.`-suffixes, addresses, CIDRs) an OAuth flow with the operator's client may
   * reach besides each kind's own identity hosts (`CONDUIT_OAUTH_HOSTS_ALLOW`).
   */
  readonly oauthHostsAllow?: readonly string[] | undefined;
  /**
   * The operator's API root per kind for connectors made on the connect page
   * (`CONDUIT_UPSTREAM_<MODULE>_BASE_URL`, with the upstream override on): the page never asks an
   * end user for `base_url`.
   */
  readonly upstreamBaseUrls?: Readonly<Record<string, string>> | undefined;
  /**
   * Reverse proxies (addresses or CIDRs, `CONDUIT_TRUSTED_PROXIES`) whose `X-Forwarded-For` names
   * the client; without them the socket's address is the client's.
   */
  readonly trustedProxies?: readonly string[] | undefined;
  /** Waits between the attempts of a connect session's webhook; default 1 s, 5 s, 30 s, 2 min, 10 min. */
  readonly webhookRetryDelaysMs?: readonly number[] | undefined;
  /** When set, `/metrics` needs `Authorization: Bearer <metricsToken>` (`CONDUIT_METRICS_TOKEN`). */
  readonly metricsToken?: string | undefined;
  /**
   * How long an application found active is trusted before the store is asked again; a revocation
   * by another process sharing the database applies within it. Default 1000 ms; 0 asks every time.
   */
  readonly applicationStatusTtlMs?: number | undefined;
  /** Which upstream addresses and hosts are reached, and the bounds of their responses. Default: public addresses only. */
  readonly egress?: UpstreamEgressSettings;
  /** Failed-login limits of the token endpoint, apart from the API budget. Default 10 per client and address, 100 per address, per 5 min. */
  readonly loginLimits?: LoginGuardLimits;
}

/**
 * Everything a route or a plugged-in feature uses, built once per app. Features receive it in
 * `registerRoutes` and their lifecycle hooks.
 */
export interface ServerServices {
  readonly store: Store;
  readonly config: AppConfig;
  readonly keyring: Keyring;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly metrics: ServerMetrics;
  /** The connector modules this server runs (`createServer({ connectors })`): kinds, definitions, sync plans. */
  readonly registry: ConnectorRegistry;
  readonly connectors: ConnectorService;
  /** Connect sessions: the end users' way to connect an account through the connect page. */
  readonly connectSessions: ConnectSessionService;
  /** Whether a token's application is still active (not revoked), asked on every authenticated request. */
  readonly applicationStatus: ApplicationStatusCache;
  /** Per-application request limiter, or undefined when the limit is off. */
  readonly rateLimiter: InboundRateLimiter | undefined;
  /** Failed logins per application and source address. */
  readonly loginGuard: LoginGuard;
  /**
   * The client's address from the socket's and `X-Forwarded-For`, read behind the trusted proxies
   * only (see `createClientAddressResolver`).
   */
  readonly clientAddress: (socketAddress: string | undefined, forwardedFor: string | undefined) => string;
  /** How connectors of each kind are executed, when an execute feature provided it. */
  readonly executors: ExecutorResolver | undefined;
  /** Every upstream connection goes through it: the egress policy and the response bounds. */
  readonly egress: UpstreamEgress;
  /** The features plugged into the app, in order (e.g. the one providing `search`). */
  readonly extensions: readonly ServerExtension[];
  /** Issues and verifies bearer tokens; resolves the signing secret on first use. */
  tokenSigner(): Promise<TokenSigner>;
}
