import { type BoundedFetchOptions, createBoundedFetch } from '../bounds/create-bounded-fetch';
import { createEgressDispatcher, type EgressDispatcherOptions } from './create-egress-dispatcher';

/**
 * Options of {@link createEgressFetch}: the egress policy and the response bounds.
 *
 * @example
 * ```ts
 * const options: EgressFetchOptions = { allow: ['10.2.0.0/16'], bounds: { maxDecodedBytes: 32 << 20 } };
 * ```
 */
export interface EgressFetchOptions
  extends EgressDispatcherOptions,
    Omit<BoundedFetchOptions, 'dispatcher'> {}

/**
 * A `fetch` for calling third-party upstreams from a service: every connection (every redirect
 * hop included) passes the egress policy at connect time, and every response is bounded. Pass it
 * as the transport's `fetch`.
 *
 * @example
 * ```ts
 * const transport = createTransport({ baseUrl: 'https://app.asana.com/api/1.0', fetch: createEgressFetch() });
 * ```
 */
export function createEgressFetch(options: EgressFetchOptions = {}): typeof globalThis.fetch {
  return createBoundedFetch({ ...options, dispatcher: createEgressDispatcher(options) });
}
