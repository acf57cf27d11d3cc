import { BlockList, isIP } from 'node:net';
import type { EgressRefusal } from '@conduit/protocol';

type AddressClass = Exclude<EgressRefusal, 'host-not-allowed'>;

// Ranges no upstream of a SaaS connector lives in (RFC 6890 special-purpose registries). Kept in
// net.BlockList, which compares parsed addresses, so no textual form slips past.
const V4_RANGES: readonly [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['169.254.0.0', 16, 'link-local'],
  ['192.0.0.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['240.0.0.0', 4, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
];
const V6_RANGES: readonly [string, number, AddressClass][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fe80::', 10, 'link-local'],
  ['fc00::', 7, 'unique-local'],
  ['ff00::', 8, 'multicast'],
  // Deprecated site-local, still routed inside some networks.
  ['fec0::', 10, 'private'],
];

const lists = new Map<AddressClass, BlockList>();
function listOf(kind: AddressClass): BlockList {
  let list = lists.get(kind);
  if (!list) {
    list = new BlockList();
    lists.set(kind, list);
  }
  return list;
}
let built = false;
function build(): void {
  if (built) return;
  built = true;
  // First, so the broadcast address is named as such rather than as part of 240.0.0.0/4.
  listOf('broadcast').addAddress('255.255.255.255', 'ipv4');
  for (const [network, prefix, kind] of V4_RANGES) listOf(kind).addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix, kind] of V6_RANGES) listOf(kind).addSubnet(network, prefix, 'ipv6');
}

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach an IPv4 host: IPv4-mapped
 * (`::ffff:127.0.0.1`, also written `::ffff:7f00:1`), IPv4-compatible (`::127.0.0.1`) and NAT64
 * (`64:ff9b::7f00:1`). Undefined for other addresses.
 *
 * @example
 * ```ts
 * embeddedIpv4('::ffff:7f00:1'); // '127.0.0.1'
 * ```
 */
export function embeddedIpv4(address: string): string | undefined {
  if (isIP(address) !== 6) return undefined;
  const groups = expandIpv6(address);
  if (groups === undefined) return undefined;
  const high = groups.slice(0, 6);
  const mapped = high.slice(0, 5).every((g) => g === 0) && (high[5] === 0xffff || high[5] === 0);
  const nat64 = high[0] === 0x64 && high[1] === 0xff9b && high.slice(2).every((g) => g === 0);
  // `::` and `::1` are IPv6's own unspecified and loopback, not IPv4-compatible addresses.
  if (high[5] === 0 && mapped && (groups[6] ?? 0) === 0) return undefined;
  if (!mapped && !nat64) return undefined;
  const [a = 0, b = 0] = groups.slice(6);
  return `${a >> 8}.${a & 0xff}.${b >> 8}.${b & 0xff}`;
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted tail (`::ffff:1.2.3.4`) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
}

/**
 * The class of a literal IP address the egress policy refuses by default, or undefined for a
 * public address. IPv6 forms that carry an IPv4 address are judged by that address.
 *
 * @example
 * ```ts
 * classifyAddress('127.0.0.1'); // 'loopback'
 * classifyAddress('::ffff:169.254.169.254'); // 'link-local'
 * classifyAddress('93.184.216.34'); // undefined
 * ```
 */
export function classifyAddress(address: string): AddressClass | undefined {
  build();
  const version = isIP(address);
  if (version === 0) return undefined;
  const v4 = version === 4 ? address : embeddedIpv4(address);
  const [checked, family] = v4 === undefined ? [address, 'ipv6' as const] : [v4, 'ipv4' as const];
  for (const [kind, list] of lists) if (list.check(checked, family)) return kind;
  return undefined;
}
