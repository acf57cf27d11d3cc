export {
  type AuthorizeContext,
  type AuthStrategy,
  type RefreshContext,
  tokenOfAuthorization,
} from './auth-strategy';
export { basicAuth } from './basic-auth';
export { bearerAuth, type TokenSource } from './bearer-auth';
export { type BoundedFetchOptions, createBoundedFetch } from './bounds/create-bounded-fetch';
export { DEFAULT_RESPONSE_BOUNDS, type ResponseBounds } from './bounds/response-bounds';
export { type AccessToken, type CachedTokenAuthOptions, cachedTokenAuth } from './cached-token-auth';
export { type ClientCredentialsAuthOptions, clientCredentialsAuth } from './client-credentials-auth';
export { type Clock, systemClock } from './clock';
export { type ConsoleLoggerOptions, consoleLogger } from './console-logger';
export {
  createHttpError,
  type ErrorMapper,
  type ErrorMapperContext,
  errorMessageFromBody,
} from './create-http-error';
export { createTransport } from './create-transport';
export { defaultFetch } from './default-fetch';
export { classifyAddress } from './egress/address-class';
export {
  createEgressDispatcher,
  type EgressDispatcherOptions,
  type EgressLookup,
} from './egress/create-egress-dispatcher';
export { createEgressFetch, type EgressFetchOptions } from './egress/create-egress-fetch';
export {
  assertUrlAllowed,
  createEgressPolicy,
  type EgressPolicy,
  type EgressPolicyOptions,
} from './egress/egress-policy';
export { createNodeHttpFetch, type NodeHttpFetchOptions } from './node-http-fetch';
export {
  type ClientAuthentication,
  createOAuthTokenClient,
  type OAuthClientOptions,
  type OAuthTokenClient,
  type OAuthTokenRequestOptions,
  type OAuthTokenSet,
  requestOAuthToken,
} from './oauth-token-endpoint';
export { type ListResult, type PaginateOptions, paginate, type ToArrayOptions } from './paginate';
export { parseRetryAfter } from './parse-retry-after';
export {
  createRateLimiter,
  RateLimiter,
  type RateLimiterOptions,
  type RateLimiterStats,
  type RateLimitPermit,
} from './rate-limiter';
export { type OAuthTokens, type RefreshTokenAuthOptions, refreshTokenAuth } from './refresh-token-auth';
export type { HttpMethod, QueryParams, QueryValue, RequestOptions, ResponseType } from './request-options';
export { DEFAULT_RETRY_OPTIONS, type ResolvedRetryOptions, type RetryOptions } from './retry-options';
export { sleep } from './sleep';
export type { StreamResponse } from './stream-response';
export type { Transport, TransportResponse } from './transport';
export type {
  TransportErrorEvent,
  TransportHooks,
  TransportRequestEvent,
  TransportResponseEvent,
  TransportRetryEvent,
} from './transport-hooks';
export type { TransportOptions } from './transport-options';
export { buildUserAgent } from './user-agent';
export { VERSION } from './version';
