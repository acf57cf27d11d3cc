/**
 * The fetch a transport uses when it is given none: the platform's own `globalThis.fetch` (undici
 * on Node.js), looked up on every request so a mock or an undici global dispatcher installed
 * later still applies.
 *
 * To go through an HTTP(S) proxy, start Node.js with `NODE_USE_ENV_PROXY=1` (its fetch then
 * honours `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY`), or pass the transport a fetch bound to
 * undici's `EnvHttpProxyAgent` (see the package README, "Proxies and custom fetch").
 *
 * @example
 * ```ts
 * const response = await defaultFetch()('https://app.asana.com/api/1.0/users/me', { headers });
 * ```
 */
export function defaultFetch(): typeof globalThis.fetch {
  return platformFetch;
}

const platformFetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);
