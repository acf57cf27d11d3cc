import type { AuthStrategy } from './auth/auth-strategy';
import type { ErrorMapper } from './errors/create-http-error';
import type { TransportHooks } from './events/transport-hooks';
import type { RateLimiter, RateLimiterOptions } from './limit/rate-limiter';
import type { RetryOptions } from './retry/retry-options';

/**
 * Options of {@link createTransport}.
 *
 * @example
 * ```ts
 * const options: TransportOptions = {
 *   baseUrl: 'https://app.asana.com/api/1.0',
 *   auth: bearerAuth(token),
 *   userAgent: `conduit-asana/${VERSION}`,
 *   limiter: { requestsPerInterval: 1500, intervalMs: 60_000, maxConcurrent: 50 },
 *   errorMapper: mapAsanaError,
 * };
 * ```
 */
export interface TransportOptions {
  /** Absolute `http(s)` URL; request paths are joined onto it, keeping its path prefix. */
  baseUrl: string;
  /** Credentials, applied to requests to the `baseUrl` origin (see `RequestOptions.auth`). */
  auth?: AuthStrategy;
  /**
   * The fetch every attempt goes through. Default `defaultFetch()`: the platform's
   * `globalThis.fetch`, looked up per request (so mocks installed later apply). Pass one bound to
   * an undici dispatcher for a proxy (`EnvHttpProxyAgent`), pool or TLS settings, or wrapped by a
   * security layer (an egress policy, a response-size guard): see the README, "Proxies and custom
   * fetch".
   */
  fetch?: typeof globalThis.fetch;
  /** Sent with every request; request headers override them. */
  headers?: Record<string, string>;
  /** Product tokens put before `conduit-transport/<VERSION> node/<version>`, e.g. `conduit-asana/0.1.0`. */
  userAgent?: string | string[];
  /**
   * Per attempt, until the body is read (or, for `stream()`, until headers arrive). Waiting for the
   * rate limiter does not count. Default 30,000.
   */
  timeoutMs?: number;
  /** For `stream()`: the longest wait for the next chunk of the body. Default `timeoutMs`. */
  streamIdleTimeoutMs?: number;
  /** Merged over the defaults; `false` for one attempt per call. */
  retry?: Partial<RetryOptions> | false;
  /**
   * A shared `RateLimiter` (one budget across every transport given it, e.g. per connection or
   * token), or options for one owned by this transport.
   */
  limiter?: RateLimiter | RateLimiterOptions;
  hooks?: TransportHooks;
  /**
   * OpenTelemetry spans of the calls (recorded only when the application registered an SDK; see
   * the package README, "Tracing"); `propagate: true` sends the trace context (`traceparent`)
   * along, for a service of one's own. `false` for none. Default `{}`.
   */
  tracing?: false | { propagate?: boolean };
  /** Connector-specific error mapping, tried before the default status mapping. */
  errorMapper?: ErrorMapper;
}
