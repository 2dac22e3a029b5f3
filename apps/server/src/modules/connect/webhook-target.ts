import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an address is on the public internet: loopback, private (RFC 1918), link-local,
 * unique-local (fc00::/7), carrier-grade NAT, unspecified, multicast and reserved ranges are not,
 * nor an IPv4-mapped IPv6 address of one of them.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Why a webhook target is refused, or null when it may be used. */
export type TargetProblem = string | null;

const PRIVATE_REFUSED =
  'This address is on a loopback or private network: an administrator must allow private targets first (setting connect.allowPrivateTargets)';

/**
 * Checks a subscription's URL when it is saved: every address its host resolves to must be public,
 * unless the facility allows private targets. (Delivery checks again, on the address it connects to.)
 */
export async function checkTargetUrl(url: string, allowPrivate: boolean): Promise<TargetProblem> {
  const { hostname } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `The host ${host} cannot be resolved`;
    }
  }
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a))) return PRIVATE_REFUSED;
  return null;
}

/**
 * The refusal of a URL whose host is an address (no DNS: http.request never calls `lookup` for
 * one), or null when it is a name or an allowed address.
 */
export function refusedAddressHost(url: URL, allowPrivate: boolean): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host) ? PRIVATE_REFUSED : null;
}

/**
 * A `lookup` for http.request that refuses private addresses at connection time: the address
 * checked is the address connected to, so a host that resolves to a public address when the
 * subscription is saved and to a private one later (DNS rebinding) is still refused.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return (callback as (e: Error) => void)(error);
      const addresses = found;
      const refused = !allowPrivate && addresses.some((a) => !isPublicAddress(a.address));
      if (refused) return (callback as (e: Error) => void)(new Error(PRIVATE_REFUSED));
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
    });
  };
}
