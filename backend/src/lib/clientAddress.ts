import ipaddr from 'ipaddr.js';

/**
 * The address a limit counts a client by. IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4);
 * IPv6 by its /64, the block one subscriber gets, since anyone with one can pick a new address in
 * it for every request.
 */
export function clientAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
