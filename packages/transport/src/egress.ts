// `@conduit/transport/egress`: the egress policy (which addresses and hosts a server may reach)
// and the fetch-level security layers that run on undici (the npm package: an `Agent` to check
// every connection, an interceptor to count raw bytes). An entry of its own, imported by the
// server and the CLI, so that the main entry imports no `node:` module (it runs in browsers and
// edge runtimes, on the platform fetch) and a program calling upstreams with the platform fetch
// alone neither loads undici (about 20 MB of resident memory and its start-up time) nor bundles
// it; undici is an optional peer dependency that only this entry needs.

export { type BoundedFetchOptions, createBoundedFetch } from './bounds/create-bounded-fetch';
export { classifyAddress } from './egress/address-class';
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
export {
  assertUrlAllowed,
  createEgressPolicy,
  type EgressPolicy,
  type EgressPolicyOptions,
} from './egress/egress-policy';
