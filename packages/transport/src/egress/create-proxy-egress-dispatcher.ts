import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { buildConnector, Dispatcher } from 'undici';
import { EnvHttpProxyAgent, Pool } from 'undici';
import {
  createEgressDispatcher,
  type EgressDispatcherOptions,
  type EgressLookup,
  egressConnector,
} from './create-egress-dispatcher';
import { createEgressPolicy, type EgressPolicy } from './egress-policy';

/**
 * The proxies upstream connections go through: the standard `HTTP_PROXY`, `HTTPS_PROXY` and
 * `NO_PROXY` settings (curl's and Node.js's meaning: `NO_PROXY` lists hosts, `.`- or
 * `*.`-prefixed domains and `host:port` entries reached directly, `*` for all).
 *
 * @example
 * ```ts
 * const proxy: ProxySettings = { httpsProxy: 'http://proxy.internal:3128', noProxy: 'crm.internal.example' };
 * ```
 */
export interface ProxySettings {
  /** The proxy of `http:` upstreams; `HTTP_PROXY`. */
  readonly httpProxy?: string | undefined;
  /** The proxy of `https:` upstreams (default: `httpProxy`); `HTTPS_PROXY`. */
  readonly httpsProxy?: string | undefined;
  /** Hosts reached without a proxy; `NO_PROXY`. */
  readonly noProxy?: string | undefined;
}

/**
 * The proxy settings of an environment: `HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY` (or their
 * lowercase forms, which win, as in curl and undici). Empty values count as unset.
 *
 * @example
 * ```ts
 * const dispatcher = createProxyEgressDispatcher({ proxy: proxyFromEnv(process.env) });
 * ```
 */
export function proxyFromEnv(env: Readonly<Record<string, string | undefined>>): ProxySettings {
  const read = (name: string) => {
    const value = env[name.toLowerCase()] || env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  return { httpProxy: read('HTTP_PROXY'), httpsProxy: read('HTTPS_PROXY'), noProxy: read('NO_PROXY') };
}

/**
 * Options of {@link createProxyEgressDispatcher}: those of the egress dispatcher and the proxies.
 *
 * @example
 * ```ts
 * const options: ProxyEgressDispatcherOptions = { allow: ['10.0.0.0/8'], proxy: { httpsProxy: 'http://10.0.0.3:3128' } };
 * ```
 */
export interface ProxyEgressDispatcherOptions extends EgressDispatcherOptions {
  /** The proxies; default {@link proxyFromEnv} of `process.env`. No proxy set: direct connections. */
  readonly proxy?: ProxySettings;
}

function allAddresses(resolve: EgressLookup, host: string): Promise<LookupAddress[] | undefined> {
  return new Promise((done) => {
    // A name the local resolver does not know is the proxy's to resolve (in a locked-down network
    // only the proxy has DNS): the checks of the name itself have already run.
    resolve(host, { all: true }, (error, addresses) => done(error ? undefined : addresses));
  });
}

/**
 * The check of a proxied connection's target, made before the CONNECT is sent: the host against
 * the policy's names, a literal address (or `localhost`) against its address classes, and every
 * address the name resolves to here. The proxy resolves the name again; what it connects to is
 * its own policy's business, but nothing this policy refuses by name or by the local answer is
 * ever asked of it.
 */
async function checkTarget(policy: EgressPolicy, resolve: EgressLookup, rawHost: string): Promise<void> {
  const host = rawHost.startsWith('[') ? rawHost.slice(1, -1) : rawHost;
  if (policy.checkHost(host)) return;
  if (isIP(host) !== 0) {
    policy.checkAddress(host, host);
    return;
  }
  const lower = host.toLowerCase().replace(/\.$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost')) {
    policy.checkAddress(host, '127.0.0.1');
    return;
  }
  for (const { address } of (await allAddresses(resolve, host)) ?? []) policy.checkAddress(host, address);
}

type Connect = buildConnector.connector;

/**
 * The egress dispatcher with proxies: undici's `EnvHttpProxyAgent` routes each origin to the
 * proxy of its scheme or, for `NO_PROXY` hosts, directly; both ways keep the egress policy.
 * Direct connections are checked as {@link createEgressDispatcher} checks them (at connect time,
 * on each resolved address); proxied ones have their target checked before the `CONNECT` is sent
 * (every origin is tunnelled, `http:` ones too, so the proxy never sees a refused request). The
 * proxy's own address is allowed by being configured. Each redirect hop to a new origin connects
 * anew, through the same checks. Without any proxy set it is the egress dispatcher itself.
 *
 * @example
 * ```ts
 * const dispatcher = createProxyEgressDispatcher({ proxy: { httpsProxy: 'http://proxy.internal:3128' } });
 * const fetch = createBoundedFetch({ dispatcher });
 * ```
 */
export function createProxyEgressDispatcher(options: ProxyEgressDispatcherOptions = {}): Dispatcher {
  const proxy = options.proxy ?? proxyFromEnv(process.env);
  if (proxy.httpProxy === undefined && proxy.httpsProxy === undefined) return createEgressDispatcher(options);
  const policy = createEgressPolicy(options);
  const resolve: EgressLookup = options.lookup ?? ((host, opts, callback) => dnsLookup(host, opts, callback));
  const tls = options.ca === undefined ? {} : { ca: options.ca };
  const directConnect = egressConnector(policy, options);
  const guardTunnel =
    (tunnel: Connect): Connect =>
    (connectOptions, callback) => {
      checkTarget(policy, resolve, connectOptions.hostname).then(
        () => tunnel(connectOptions, callback),
        (error: Error) => callback(error, null),
      );
    };
  return new EnvHttpProxyAgent({
    ...(proxy.httpProxy === undefined ? {} : { httpProxy: proxy.httpProxy }),
    httpsProxy: proxy.httpsProxy ?? proxy.httpProxy,
    noProxy: proxy.noProxy ?? '',
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
    ...(options.connections === undefined ? {} : { connections: options.connections }),
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    requestTls: tls,
    proxyTls: tls,
    // The pool of each origin: a proxied one gets undici's tunnel (a `connect` function) behind
    // the target check, a direct one the policy-checked connector.
    factory: (origin: string, poolOptions: Pool.Options) =>
      new Pool(origin, {
        ...poolOptions,
        connect: typeof poolOptions.connect === 'function' ? guardTunnel(poolOptions.connect) : directConnect,
      }),
  } as EnvHttpProxyAgent.Options);
}
