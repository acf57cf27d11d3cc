import { BlockList, isIP } from 'node:net';

/** Longest `X-Forwarded-For` read, so a huge header costs nothing. */
const MAX_FORWARDED_LENGTH = 4096;

function family(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) as `10.0.0.1`. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Who sent a request: the socket's peer, unless it is one of the operator's reverse proxies
 * (`CONDUIT_TRUSTED_PROXIES`); then `X-Forwarded-For` is read from the right, each hop a trusted
 * proxy added, and the first address that is not a trusted proxy is the client. Entries further
 * left are the client's own words and never read, so a client cannot choose its address.
 *
 * @example
 * ```ts
 * const resolve = createClientAddressResolver(['10.0.0.0/8']);
 * resolve('10.0.0.5', '203.0.113.9, 10.0.0.7'); // '203.0.113.9'
 * resolve('198.51.100.1', '203.0.113.9'); // '198.51.100.1' (not behind a trusted proxy)
 * ```
 */
export function createClientAddressResolver(
  trustedProxies: readonly string[],
): (socketAddress: string | undefined, forwardedFor: string | undefined) => string {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix] = entry.split('/', 2) as [string, string | undefined];
    const kind = family(address);
    if (kind === undefined) throw new TypeError(`trusted proxy ${entry} is not an address or CIDR`);
    if (prefix === undefined) trusted.addAddress(address, kind);
    else trusted.addSubnet(address, Number(prefix), kind);
  }
  const isTrusted = (address: string) => {
    const kind = family(address);
    return kind !== undefined && trusted.check(address, kind);
  };
  return (socketAddress, forwardedFor) => {
    let client = plain(socketAddress ?? 'unknown');
    if (trustedProxies.length === 0 || !isTrusted(client) || forwardedFor === undefined) return client;
    const hops = forwardedFor.slice(0, MAX_FORWARDED_LENGTH).split(',');
    for (let index = hops.length - 1; index >= 0; index -= 1) {
      const hop = plain(hops[index]!.trim());
      // A hop that is no address (a proxy that writes garbage): the last proxy is all we know.
      if (family(hop) === undefined) return client;
      client = hop;
      if (!isTrusted(hop)) return hop;
    }
    return client;
  };
}
