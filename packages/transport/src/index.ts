export {
  type AuthorizeContext,
  type AuthStrategy,
  type RefreshContext,
  tokenOfAuthorization,
} from './auth/auth-strategy';
export { basicAuth } from './auth/basic-auth';
export { bearerAuth, type TokenSource } from './auth/bearer-auth';
export { type AccessToken, type CachedTokenAuthOptions, cachedTokenAuth } from './auth/cached-token-auth';
export { type ClientCredentialsAuthOptions, clientCredentialsAuth } from './auth/client-credentials-auth';
export { type Clock, systemClock } from './clock';
export { type ConsoleLoggerOptions, consoleLogger } from './events/console-logger';
export {
  createHttpError,
  type ErrorMapper,
  type ErrorMapperContext,
  errorMessageFromBody,
} from './errors/create-http-error';
export { createTransport } from './create-transport';
export { defaultFetch } from './request/default-fetch';
export {
  type ClientAuthentication,
  createOAuthTokenClient,
  type OAuthClientOptions,
  type OAuthTokenClient,
  type OAuthTokenRequestOptions,
  type OAuthTokenSet,
  requestOAuthToken,
} from './auth/oauth-token-endpoint';
export { type ListResult, type PaginateOptions, paginate, type ToArrayOptions } from './paginate/paginate';
export { parseRetryAfter } from './retry/parse-retry-after';
export {
  createRateLimiter,
  RateLimiter,
  type RateLimiterOptions,
  type RateLimiterStats,
  type RateLimitPermit,
} from './limit/rate-limiter';
export { type OAuthTokens, type RefreshTokenAuthOptions, refreshTokenAuth } from './auth/refresh-token-auth';
export type { HttpMethod, QueryParams, QueryValue, RequestOptions, ResponseType } from './request/request-options';
export { DEFAULT_RETRY_OPTIONS, type ResolvedRetryOptions, type RetryOptions } from './retry/retry-options';
export { sleep } from './retry/sleep';
export type { StreamResponse } from './stream/stream-response';
export type { Transport, TransportResponse } from './transport';
export type {
  TransportErrorEvent,
  TransportHooks,
  TransportRequestEvent,
  TransportResponseEvent,
  TransportRetryEvent,
} from './events/transport-hooks';
export type { FetchLayer } from './request/fetch-layer';
export type { TransportOptions } from './transport-options';
export { buildUserAgent } from './request/user-agent';
export { VERSION } from './version';
