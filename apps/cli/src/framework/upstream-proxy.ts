import { createProxyEgressDispatcher, proxyFromEnv } from '@conduit/transport/egress';
import { type Dispatcher, setGlobalDispatcher } from 'undici';

/**
 * The dispatcher of the CLI's outgoing HTTP when the environment names a proxy (`HTTPS_PROXY`,
 * `HTTP_PROXY`, `NO_PROXY`): undici's proxy agent, with no egress restriction (`allow: ['*']`):
 * in local mode the user calls their own upstreams with their own credentials, from their own
 * machine. Undefined without a proxy (the platform's direct connections).
 *
 * @example
 * ```ts
 * createBoundedFetch({ dispatcher: proxyDispatcher(process.env) });
 * ```
 */
export function proxyDispatcher(env: Readonly<Record<string, string | undefined>>): Dispatcher | undefined {
  const proxy = proxyFromEnv(env);
  if (proxy.httpProxy === undefined && proxy.httpsProxy === undefined) return undefined;
  return createProxyEgressDispatcher({ allow: ['*'], proxy });
}

/**
 * Sends the platform `fetch` (the hosted, admin and cloud clients) through the environment's
 * proxy. Node.js does so itself under `NODE_USE_ENV_PROXY=1`; without it its fetch ignores the
 * variables, which curl, git and most CLIs honour, so the CLI installs the proxy agent as the
 * global dispatcher. `conduit serve` keeps its own dispatchers (the egress policy's).
 *
 * @example
 * ```ts
 * installEnvProxy(process.env);
 * ```
 */
export function installEnvProxy(env: Readonly<Record<string, string | undefined>>): void {
  if (env.NODE_USE_ENV_PROXY === '1') return;
  const dispatcher = proxyDispatcher(env);
  if (dispatcher !== undefined) setGlobalDispatcher(dispatcher);
}
