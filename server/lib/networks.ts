import ipaddr from 'ipaddr.js';

/**
 * The network a client address belongs to as rate limits count it: its IPv4 /24 or IPv6 /56 (what
 * one provider hands one customer), so one machine cannot multiply a per-address limit by taking
 * more addresses of its block. An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return `${ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/24`).toString()}/24`;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/56`).toString()}/56`;
}
