import type { Clock } from '../clock';
import type { RateLimitSpec } from '../config/rate-limit-spec';
import type { Keyring } from '../crypto/keyring';
import type { TokenSigner } from '../crypto/token-signer';
import type { ServerExtension } from '../extensions/server-extension';
import type { Logger } from '../logging/logger';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { Store } from '../store/store';
import type { ConnectorService } from './connector-service';
import type { ExecutorResolver } from './executor-resolver';
import type { InboundRateLimiter } from './inbound-rate-limiter';

/** The lifetime of an application token, in seconds (contract §1). */
export const APPLICATION_TOKEN_TTL_SECONDS = 900;
/** The lifetime of a scoped token, in seconds (contract §1). */
export const SCOPED_TOKEN_TTL_SECONDS = 1200;

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
  readonly connectors: ConnectorService;
  /** Per-application request limiter, or undefined when the limit is off. */
  readonly rateLimiter: InboundRateLimiter | undefined;
  /** How connectors of each kind are executed, when an execute feature provided it. */
  readonly executors: ExecutorResolver | undefined;
  /** The features plugged into the app, in order (e.g. the one providing `search`). */
  readonly extensions: readonly ServerExtension[];
  /** Issues and verifies bearer tokens; resolves the signing secret on first use. */
  tokenSigner(): Promise<TokenSigner>;
}
