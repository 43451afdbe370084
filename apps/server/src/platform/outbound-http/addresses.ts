import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound call must never reach unless a client was built to allow it (SECURITY.md, SSRF):
 * this host, the local networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * multicast, documentation and reserved ranges.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
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
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible block (::a.b.c.d) in one.
  ['::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  // NAT64 for local use (RFC 8215): where it embeds the IPv4 address is the network's choice, so beyond the /96
  // form read below (embedsIPv4) nothing in it can be checked, and all of it is refused.
  ['64:ff9b:1::', 48],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** IPv6 ranges that carry an IPv4 address in their last 32 bits: that address decides. */
const embedsIPv4 = new BlockList();
embedsIPv4.addSubnet('::ffff:0:0', 96, 'ipv6'); // IPv4-mapped
embedsIPv4.addSubnet('64:ff9b::', 96, 'ipv6'); // NAT64, well-known prefix
embedsIPv4.addSubnet('64:ff9b:1::', 96, 'ipv6'); // NAT64, local-use prefix (RFC 8215) in its /96 form

function embeddedIPv4(address: string): string {
  // The URL parser writes every IPv6 address in one canonical form whose last two groups are the IPv4 part.
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const groups = canonical.split(':');
  const low = parseInt(groups.at(-1) ?? '0', 16);
  const high = parseInt(groups.at(-2) ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for an IP address on the public internet; false for anything private, local or not an address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  // A zone id (fe80::1%eth0) only exists on link-local addresses.
  if (bare.includes('%')) return false;
  if (embedsIPv4.check(bare, 'ipv6')) return isPublicAddress(embeddedIPv4(bare));
  return !blocked.check(bare, 'ipv6');
}
