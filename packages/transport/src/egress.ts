// `@conduit/transport/egress`: the fetch-level security layers that run on undici (the npm
// package: an `Agent` to check every connection, an interceptor to count raw bytes). An entry of
// their own so that importing the transport does not load undici (about 20 MB of resident memory
// and its start-up time) in a process that calls upstreams with the platform fetch alone, and a
// bundle of such a program does not carry it.
export { type BoundedFetchOptions, createBoundedFetch } from './bounds/create-bounded-fetch';
export {
  createEgressDispatcher,
  type EgressDispatcherOptions,
  type EgressLookup,
} from './egress/create-egress-dispatcher';
export { createEgressFetch, type EgressFetchOptions } from './egress/create-egress-fetch';
export {
  createProxyEgressDispatcher,
  type ProxyEgressDispatcherOptions,
  type ProxySettings,
  proxyFromEnv,
} from './egress/create-proxy-egress-dispatcher';
