import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** IPv6 global unicast (RFC 4291): everything outside it is unassigned, local or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291): never routed, though it names an IPv4 address. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * True for an IP address the public internet routes to (SSRF): ipaddr.js's ranges of the IANA
 * special-purpose registries, so loopback, private, shared, link-local, documentation,
 * benchmarking, multicast, reserved and the IPv6 prefixes that embed or reach IPv4 (NAT64, 6to4,
 * Teredo, IPv4-mapped and -translated) are all refused; an IPv4-mapped address is judged as the
 * IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && (!parsed.match(GLOBAL_UNICAST_V6) || parsed.match(IPV4_COMPATIBLE))) return false;
  return parsed.range() === 'unicast';
}

/**
 * True when the URL names a local or private host by itself: `localhost` (and `*.localhost`, RFC
 * 6761, with or without the root's trailing dot) or an IP address that is not public. A domain
 * name is checked when it is resolved.
 */
export function namesPrivateHost(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && !isPublicAddress(host);
}

/** A host name resolved to an address webhooks may not go to. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor() {
    super('The host resolves to a local or private network address');
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The DNS lookup of a webhook's connection: every address of the name must be public, or none is
 * used. The connection goes to an address checked here, so a name cannot answer differently between
 * the check and the connection (DNS rebinding).
 */
export function publicAddressesOnly(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || !addresses.every(({ address }) => isPublicAddress(address))) return callback(new PrivateAddressError(), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
