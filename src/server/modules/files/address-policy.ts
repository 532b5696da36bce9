import { BlockList, isIP } from 'node:net';

/**
 * Addresses a download from a stored URL may never reach (server-side request forgery): this
 * machine, private networks, link-local (cloud metadata at 169.254.169.254), shared, reserved,
 * documentation and multicast ranges. IPv4 rules also match IPv4-mapped IPv6 addresses (::ffff:a.b.c.d).
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
  ['::', 128], // unspecified
  ['::1', 128], // loopback
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

/** True for an IP address on the public internet; false for anything else (or a non-address). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 0) return false;
  return !NON_PUBLIC.check(bare, version === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as configuration names it: lower case, IPv6 without brackets, no trailing dot. */
export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
