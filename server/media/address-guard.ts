import ipaddr from 'ipaddr.js';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses upload-from-url must not reach: loopback, private, link-local, carrier-grade NAT,
 * unspecified, multicast and reserved ranges, in IPv4 and IPv6, and IPv6 addresses that carry
 * one of those IPv4 addresses (see EMBEDDINGS).
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
  ['192.88.99.0', 24], // 6to4 relay anycast (RFC 7526): a relay can forward anywhere
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
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * IPv6 prefixes whose addresses carry an IPv4 address, and at which byte: a connection to one can
 * end at that IPv4 address (the host's own stack, a NAT64 gateway, a 6to4 or Teredo relay), so it
 * is judged by it. Teredo stores its client inverted, and names its server too.
 */
const EMBEDDINGS = [
  { prefix: '::ffff:0:0/96', at: 12 }, // IPv4-mapped
  { prefix: '::/96', at: 12 }, // IPv4-compatible (deprecated, still routed by some stacks)
  { prefix: '::ffff:0:0:0/96', at: 12 }, // SIIT, RFC 6145
  { prefix: '64:ff9b::/96', at: 12 }, // NAT64, RFC 6052
  { prefix: '2002::/16', at: 2 }, // 6to4
  { prefix: '2001::/32', at: 4 }, // Teredo server
  { prefix: '2001::/32', at: 12, inverted: true }, // Teredo client
].map(({ prefix, at, inverted = false }) => ({ cidr: ipaddr.IPv6.parseCIDR(prefix), at, inverted }));

function embeddedIPv4(address: ipaddr.IPv6): string[] {
  const bytes = address.toByteArray();
  return EMBEDDINGS.filter((e) => address.match(e.cidr)).map((e) =>
    ipaddr.fromByteArray(bytes.slice(e.at, e.at + 4).map((b) => (e.inverted ? b ^ 0xff : b))).toString(),
  );
}

/** Whether an IP address (v4 or v6, bracketed or not) is one a server-side fetch must not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v6 = ipaddr.IPv6.parse(bare);
  return (
    blocked.check(v6.toNormalizedString(), 'ipv6') || embeddedIPv4(v6).some((v4) => isPrivateAddress(v4))
  );
}
