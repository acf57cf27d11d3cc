import { createNodeHttpFetch } from './node-http-fetch';

let nodeFetch: typeof globalThis.fetch | undefined;

/**
 * The fetch a transport uses when it is given none. On Node.js: one shared
 * {@link createNodeHttpFetch} (keep-alive pools on `node:http`, much cheaper per request than the
 * built-in fetch), created on first use. Elsewhere (Bun, Deno, browsers, edge runtimes), and on
 * Node.js when `NODE_USE_ENV_PROXY` asks for the built-in fetch's proxy support:
 * `globalThis.fetch`, looked up per request so a mock installed later still applies.
 *
 * @example
 * ```ts
 * const response = await defaultFetch()('https://app.asana.com/api/1.0/users/me', { headers });
 * ```
 */
export function defaultFetch(): typeof globalThis.fetch {
  if (usesNodeHttp()) {
    nodeFetch ??= createNodeHttpFetch();
    return nodeFetch;
  }
  return (input, init) => globalThis.fetch(input, init);
}

function usesNodeHttp(): boolean {
  const runtime = globalThis as { process?: NodeJS.Process; Bun?: unknown; Deno?: unknown };
  if (runtime.Bun !== undefined || runtime.Deno !== undefined) return false;
  const process = runtime.process;
  if (typeof process?.getBuiltinModule !== 'function') return false;
  const proxy = process.env.NODE_USE_ENV_PROXY;
  return proxy === undefined || proxy === '' || proxy === '0';
}
