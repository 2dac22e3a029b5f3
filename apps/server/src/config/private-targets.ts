import ipaddr from 'ipaddr.js';

/**
 * The kinds of address HASP_CONNECT_ALLOW_PRIVATE_TARGETS may open (ipaddr.js's range names);
 * unspecified, broadcast, multicast and reserved never, and public ones need no listing. Here, not in
 * the connect module, because the config refuses a wrong entry at start and the webhook targets
 * apply the same rule at every delivery.
 */
export const LIFTABLE: ReadonlySet<string> = new Set([
  'loopback',
  'private',
  'linkLocal',
  'carrierGradeNat',
  'uniqueLocal',
]);

/**
 * Whether an entry of the list opens anything: a single address (an IPv4-mapped one read as its
 * IPv4 address, as it is connected to) or a CIDR range's network address must be of a LIFTABLE
 * kind. An entry that is no address or range is not.
 */
export function isLiftable(entry: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidCIDR(entry)) address = ipaddr.IPv4.networkAddressFromCIDR(entry);
  else if (ipaddr.IPv6.isValidCIDR(entry)) address = ipaddr.IPv6.networkAddressFromCIDR(entry);
  else if (ipaddr.isValid(entry)) address = ipaddr.process(entry);
  else return false;
  return LIFTABLE.has(address.range());
}
