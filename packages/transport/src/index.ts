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
export {
  type ClientAuthentication,
  createOAuthTokenClient,
  type OAuthClientOptions,
  type OAuthTokenClient,
  type OAuthTokenRequestOptions,
  type OAuthTokenSet,
  requestOAuthToken,
  type TokenBodyEncoding,
} from './auth/oauth-token-endpoint';
export {
  type OAuthTokens,
  type RefreshCoordinator,
  type RefreshTokenAuthOptions,
  refreshTokenAuth,
} from './auth/refresh-token-auth';
export { DEFAULT_RESPONSE_BOUNDS, type ResponseBounds } from './bounds/response-bounds';
export { type Clock, systemClock } from './clock';
export { createTransport } from './create-transport';
export {
  createHttpError,
  type ErrorMapper,
  type ErrorMapperContext,
  errorMessageFromBody,
} from './errors/create-http-error';
export { type ConsoleLoggerOptions, consoleLogger } from './events/console-logger';
export type {
  TransportErrorEvent,
  TransportHooks,
  TransportRequestEvent,
  TransportResponseEvent,
  TransportRetryEvent,
} from './events/transport-hooks';
export {
  createRateLimiter,
  RateLimiter,
  type RateLimiterOptions,
  type RateLimiterStats,
  type RateLimitPermit,
} from './limit/rate-limiter';
export { type ListResult, type PaginateOptions, paginate, type ToArrayOptions } from './paginate/paginate';
export { defaultFetch } from './request/default-fetch';
export type { FetchLayer } from './request/fetch-layer';
export type {
  HttpMethod,
  QueryParams,
  QueryValue,
  RequestBody,
  RequestOptions,
  ResponseType,
} from './request/request-options';
export { buildUserAgent } from './request/user-agent';
export { parseRetryAfter } from './retry/deprecated-parse-retry-after';
export { DEFAULT_RETRY_OPTIONS, type ResolvedRetryOptions, type RetryOptions } from './retry/retry-options';
export { sleep } from './retry/sleep';
export type { StreamResponse } from './stream/stream-response';
export type { Transport, TransportResponse } from './transport';
export type { TransportOptions } from './transport-options';
export { VERSION } from './version';
