import type { RateLimiter } from './limit/rate-limiter';
import type { RequestOptions } from './request/request-options';
import type { StreamResponse } from './stream/stream-response';

/**
 * A buffered response.
 *
 * @example
 * ```ts
 * const { data, status, headers } = await transport.request({ path: '/tasks/1' });
 * ```
 */
export interface TransportResponse<T = unknown> {
  /** The body, parsed as the request's `responseType` says, and validated by its `schema` if any. */
  data: T;
  status: number;
  headers: Headers;
}

/**
 * The HTTP client every Conduit package uses. Every method throws only Conduit errors (or rethrows
 * the caller's abort reason).
 *
 * @example
 * ```ts
 * const transport = createTransport({ baseUrl: 'https://app.asana.com/api/1.0', auth: bearerAuth(token) });
 * const me = await transport.json({ path: '/users/me', schema: UserEnvelope });
 * ```
 */
export interface Transport {
  /** Sends a request and reads its body; resolves with data, status and headers. */
  request<T = unknown>(options: RequestOptions<T>): Promise<TransportResponse<T>>;
  /** Like `request`, resolving with the data only. */
  json<T = unknown>(options: RequestOptions<T>): Promise<T>;
  /**
   * Sends a request and resolves when the headers arrive; the body is read as it is consumed, in
   * constant memory. Retries and 401 replays apply until the headers arrive, not after.
   */
  stream(options: RequestOptions): Promise<StreamResponse>;
  /** The limiter this transport waits on, if any. */
  readonly limiter: RateLimiter | undefined;
}
