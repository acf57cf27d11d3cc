import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { createEgressPolicy, type EgressPolicy, type EgressPolicyOptions } from './egress-policy';

/**
 * A `dns.lookup`-compatible resolver: what the egress dispatcher resolves names with. Tests pass
 * one that maps names to addresses without DNS.
 *
 * @example
 * ```ts
 * const lookup: EgressLookup = (host, options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
 * ```
 */
export type EgressLookup = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * Options of {@link createEgressDispatcher}: the policy, and how the undici `Agent` behind it
 * is set up.
 *
 * @example
 * ```ts
 * const options: EgressDispatcherOptions = { allow: ['10.0.0.0/8'], connectTimeoutMs: 5_000 };
 * ```
 */
export interface EgressDispatcherOptions extends EgressPolicyOptions {
  /** Name resolution; default `dns.lookup` of Node.js. */
  readonly lookup?: EgressLookup;
  /** Time allowed to open a connection. Default 10,000 ms. */
  readonly connectTimeoutMs?: number;
  /** How long an idle keep-alive connection is kept. Default 4,000 ms. */
  readonly keepAliveTimeoutMs?: number;
  /** Connections per origin at most. Default unbounded. */
  readonly connections?: number;
  /** PEM certificates trusted besides Node.js's store (a private CA, a test server). */
  readonly ca?: string | string[];
}

type Callback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The lookup net.connect uses: resolves every address, keeps those the policy allows and fails
 * with the policy's EgressDeniedError when none is left. The check runs on what the socket is
 * about to connect to, so a name that resolves to 127.0.0.1 (or rebinds to it) is caught.
 */
function policyLookup(policy: EgressPolicy, resolve: EgressLookup) {
  return (hostname: string, options: LookupOptions | number, callback: Callback) => {
    const wanted = typeof options === 'number' ? { family: options } : options;
    resolve(hostname, { ...wanted, all: true }, (error, addresses) => {
      if (error) {
        callback(error, wanted.all ? [] : '');
        return;
      }
      let denied: unknown;
      const allowed = addresses.filter(({ address }) => {
        try {
          policy.checkAddress(hostname, address);
          return true;
        } catch (refusal) {
          denied ??= refusal;
          return false;
        }
      });
      const [first] = allowed;
      if (first === undefined) {
        callback(
          (denied as NodeJS.ErrnoException) ??
            Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
          wanted.all ? [] : '',
        );
        return;
      }
      if (wanted.all) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * An undici `Agent` that applies an egress policy where it cannot be bypassed: at connect time,
 * on the host of every connection (each redirect hop to a new origin connects anew through it)
 * and on the address it resolved to (a literal address in the URL, in any of its textual forms,
 * arrives normalized by the URL parser and is checked as such). Refusals fail the request with
 * an `EgressDeniedError` (in `cause` of fetch's `TypeError`; {@link createBoundedFetch} unwraps it).
 *
 * @example
 * ```ts
 * const dispatcher = createEgressDispatcher({ allowedHosts: ['*.amazonaws.com'] });
 * const fetch = createBoundedFetch({ dispatcher });
 * ```
 */
export function createEgressDispatcher(options: EgressDispatcherOptions = {}): Agent {
  return new Agent({
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
    ...(options.connections === undefined ? {} : { connections: options.connections }),
    connect: egressConnector(createEgressPolicy(options), options),
  });
}

/**
 * The connect function of the egress dispatcher: the policy's host check, the literal-address
 * check, then a socket through the policy-checked lookup. Also what the proxy-aware dispatcher
 * connects `NO_PROXY` hosts with.
 */
export function egressConnector(
  policy: EgressPolicy,
  options: EgressDispatcherOptions,
): buildConnector.connector {
  const resolve: EgressLookup = options.lookup ?? ((host, opts, callback) => dnsLookup(host, opts, callback));
  const connector = buildConnector({
    timeout: options.connectTimeoutMs ?? 10_000,
    lookup: policyLookup(policy, resolve),
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  } as buildConnector.BuildOptions);
  return (connectOptions, callback) => {
    try {
      const host = connectOptions.hostname;
      const allowed = policy.checkHost(host);
      // net.connect skips the lookup for a literal address: check it here.
      if (!allowed && isIP(host) !== 0) policy.checkAddress(host, host);
    } catch (error) {
      callback(error as Error, null);
      return;
    }
    connector(connectOptions, callback);
  };
}
