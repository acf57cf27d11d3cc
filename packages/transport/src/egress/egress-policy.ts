import { BlockList, isIP } from 'node:net';
import { EgressDeniedError } from '@conduit/protocol';
import { classifyAddress } from './address-class';

/**
 * What an egress policy lets through besides public addresses.
 *
 * @example
 * ```ts
 * const options: EgressPolicyOptions = { allow: ['10.1.0.0/16', 'crm.internal.example'], allowedHosts: ['*.amazonaws.com'] };
 * ```
 */
export interface EgressPolicyOptions {
  /**
   * Addresses and hosts the operator allows even though they are loopback, private, … : CIDRs
   * (`10.1.0.0/16`, `fd00::/8`), single addresses, host names (`crm.internal.example`) or
   * `*.`-prefixed domain suffixes. An allowed host name may resolve to any address.
   */
  readonly allow?: readonly string[];
  /**
   * When given, only these hosts (names, `*.`-suffixes or addresses) are reached at all; every
   * other host is refused with `host-not-allowed`. Entries of `allow` are always allowed. Used
   * for the hosts a connector kind declares its downloads come from.
   */
  readonly allowedHosts?: readonly string[];
}

/**
 * A compiled egress policy: {@link EgressPolicy.checkHost} runs on the host name of every
 * connection, {@link EgressPolicy.checkAddress} on every address it resolves to (or its literal
 * address) before the socket connects.
 *
 * @example
 * ```ts
 * const policy = createEgressPolicy({ allow: ['127.0.0.1/32'] });
 * policy.checkAddress('localhost', '10.0.0.1'); // throws EgressDeniedError (private)
 * ```
 */
export interface EgressPolicy {
  /** Throws EgressDeniedError when the host is outside `allowedHosts`; true when `allow` names it. */
  checkHost(host: string): boolean;
  /** Throws EgressDeniedError when the address is of a refused class and not allowed. */
  checkAddress(host: string, address: string): void;
}

interface HostMatcher {
  readonly names: ReadonlySet<string>;
  readonly suffixes: readonly string[];
  readonly addresses: BlockList;
  readonly any: boolean;
}

function normalizeHost(host: string): string {
  const lower = host.toLowerCase().replace(/\.$/, '');
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

function compile(entries: readonly string[]): HostMatcher {
  const names = new Set<string>();
  const suffixes: string[] = [];
  const addresses = new BlockList();
  let any = false;
  for (const raw of entries) {
    const entry = normalizeHost(raw.trim());
    if (entry === '') continue;
    if (entry === '*') {
      any = true;
      continue;
    }
    const slash = entry.lastIndexOf('/');
    const base = slash >= 0 ? entry.slice(0, slash) : entry;
    const version = isIP(base);
    if (version !== 0) {
      const family = version === 4 ? 'ipv4' : 'ipv6';
      if (slash >= 0) {
        const prefix = Number(entry.slice(slash + 1));
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > (version === 4 ? 32 : 128)) {
          throw new TypeError(`egress allowlist entry ${raw} has an invalid prefix length`);
        }
        addresses.addSubnet(base, prefix, family);
      } else {
        addresses.addAddress(base, family);
      }
    } else if (entry.startsWith('*.')) {
      suffixes.push(entry.slice(1));
    } else if (/^[a-z0-9.-]+$/.test(entry)) {
      names.add(entry);
    } else {
      throw new TypeError(`egress allowlist entry ${raw} is not a host, address or CIDR`);
    }
  }
  return { names, suffixes, addresses, any };
}

function matchesHost(matcher: HostMatcher, host: string): boolean {
  if (matcher.any) return true;
  if (matcher.names.has(host)) return true;
  if (matcher.suffixes.some((suffix) => host.endsWith(suffix))) return true;
  return matchesAddress(matcher, host);
}

function matchesAddress(matcher: HostMatcher, address: string): boolean {
  const version = isIP(address);
  return version !== 0 && matcher.addresses.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Compiles an egress policy: public addresses pass; loopback, link-local, private, unique-local,
 * unspecified, CGNAT, multicast, broadcast and reserved addresses (IPv4-mapped and NAT64 forms
 * included) are refused unless `allow` names the host or the address; with `allowedHosts`, hosts
 * outside it are refused too.
 *
 * @throws TypeError for an entry that is not a host, address or CIDR
 * @example
 * ```ts
 * const policy = createEgressPolicy({ allow: ['192.168.10.0/24'] });
 * ```
 */
export function createEgressPolicy(options: EgressPolicyOptions = {}): EgressPolicy {
  const allow = compile(options.allow ?? []);
  const allowedHosts = options.allowedHosts === undefined ? undefined : compile(options.allowedHosts);
  return {
    checkHost(rawHost) {
      const host = normalizeHost(rawHost);
      if (matchesHost(allow, host)) return true;
      if (allowedHosts !== undefined && !matchesHost(allowedHosts, host)) {
        throw new EgressDeniedError(host, 'host-not-allowed');
      }
      return false;
    },
    checkAddress(rawHost, address) {
      const refusal = classifyAddress(address);
      if (refusal === undefined) return;
      if (matchesHost(allow, normalizeHost(rawHost)) || matchesAddress(allow, address)) return;
      throw new EgressDeniedError(normalizeHost(rawHost), refusal, { address });
    },
  };
}

/**
 * A string-level check of a URL against the policy's address classes, for configuration given
 * at creation time (a CRM `instance_url`): a literal address of a refused class, or `localhost`,
 * is refused before anything connects. Names are checked again when they resolve.
 *
 * @throws EgressDeniedError
 * @example
 * ```ts
 * assertUrlAllowed(createEgressPolicy(), 'https://169.254.169.254/'); // throws (link-local)
 * ```
 */
export function assertUrlAllowed(policy: EgressPolicy, url: string | URL): void {
  // The WHATWG parser turns `127.1`, `2130706433` and `0x7f000001` into `127.0.0.1`.
  const parsed = typeof url === 'string' ? new URL(url) : url;
  const host = normalizeHost(parsed.hostname);
  if (policy.checkHost(host)) return;
  if (host === 'localhost' || host.endsWith('.localhost')) {
    policy.checkAddress(host, '127.0.0.1');
    return;
  }
  if (isIP(host) !== 0) policy.checkAddress(host, host);
}
