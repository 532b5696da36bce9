import { BlockList, isIP } from 'node:net';

/**
 * Addresses a download from a stored URL may never reach (server-side request forgery): this
 * machine, private networks, link-local (cloud metadata at 169.254.169.254), shared, reserved,
 * documentation and multicast ranges; and every IPv6 form that carries an IPv4 address (compatible,
 * mapped, translated, NAT64, 6to4, Teredo), public or not: a download reaches an IPv4 host by its IPv4
 * address, and the embedded one could be any of the ranges above.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network" (0.0.0.0 reaches the local machine on Linux)
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, and IPv4-compatible (deprecated): ::7f00:1 is 127.0.0.1
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64: may translate to any IPv4 address, private ones included
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/**
 * IPv4-mapped IPv6 (::ffff:0:0/96), asked about IPv6 addresses only: a BlockList matches IPv4 addresses
 * against this range too, so in NON_PUBLIC it would refuse every IPv4 address.
 */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True for an IP address on the public internet; false for anything else (or a non-address). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 0) return false;
  if (version === 6 && IPV4_MAPPED.check(bare, 'ipv6')) return false;
  return !NON_PUBLIC.check(bare, version === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as configuration names it: lower case, IPv6 without brackets, no trailing dot. */
export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
