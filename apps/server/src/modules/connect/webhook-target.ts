import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { LIFTABLE } from '../../config/private-targets';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Finds every address of a host name; tests replace it (a name resolving to loopback, offline). */
export type HostResolver = (host: string) => Promise<LookupAddress[]>;
export const systemResolver: HostResolver = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * The one answer to every refused target, at subscription and at delivery: the same words whether
 * the address is private, special or does not resolve, so a refusal tells nothing of what is there.
 */
export const TARGET_REFUSED =
  'Webhooks go only to public internet addresses: this URL’s host is not one (or does not resolve). ' +
  'Loopback and private addresses are refused unless the server’s setting HASP_CONNECT_ALLOW_PRIVATE_TARGETS lists them.';

/** IPv6's global unicast block: anything outside it (IPv4-compatible, NAT64, discard …) is not public. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * An address as connected to: brackets and a zone dropped, an IPv4-mapped IPv6 address as its IPv4
 * address, IPv4's other spellings (2130706433, 0177.0.0.1, 0x7f.1, 127.1) read as inet_aton does;
 * null when it is no address.
 */
export function parseAddress(text: string): Address | null {
  const bare = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

/**
 * Whether an address is on the public internet: IPv4 outside ipaddr.js's special ranges (loopback,
 * private, link-local, carrier-grade NAT, unspecified, broadcast, multicast, reserved); IPv6 inside
 * 2000::/3 and outside its special ranges (6to4 and Teredo embed an IPv4 address, so they are out;
 * IPv4-compatible ::a.b.c.d and NAT64 64:ff9b:: are outside 2000::/3).
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed || parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/**
 * Where webhooks may go: public addresses, plus the loopback and private addresses the server's
 * setting lists (HASP_CONNECT_ALLOW_PRIVATE_TARGETS). Checked when a subscription is saved and again
 * at every delivery, on the addresses the delivery then connects to.
 */
export class WebhookTargets {
  private readonly ranges: [Address, number][];

  constructor(
    /** The server setting's addresses and CIDR ranges (already checked by the config). */
    readonly allowedPrivate: readonly string[],
    private readonly resolve: HostResolver = systemResolver,
  ) {
    this.ranges = allowedPrivate.map((entry) => {
      if (ipaddr.isValidCIDR(entry)) return ipaddr.parseCIDR(entry);
      // A single address, read as connected to (an IPv4-mapped one as its IPv4 address).
      const address = parseAddress(entry)!;
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    });
  }

  /** Whether a delivery may connect to this address. */
  allows(address: string): boolean {
    if (isPublicAddress(address)) return true;
    const parsed = parseAddress(address);
    // The config judged each range by its first address; a wide one may still reach past it.
    if (!parsed || !LIFTABLE.has(parsed.range())) return false;
    return this.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
  }

  /**
   * The addresses a URL's host stands for, when every one of them is allowed; null when any is not
   * or the name does not resolve (one answer: which it was is not told).
   */
  async addressesOf(url: string | URL): Promise<LookupAddress[] | null> {
    let host: string;
    try {
      // The WHATWG parser has already written IPv4's other spellings as dotted quads.
      host = (typeof url === 'string' ? new URL(url) : url).hostname;
    } catch {
      return null;
    }
    const literal = parseAddress(host);
    let found: LookupAddress[];
    if (literal) found = [{ address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 }];
    else {
      try {
        found = await this.resolve(host);
      } catch {
        return null;
      }
    }
    return found.length > 0 && found.every((a) => this.allows(a.address)) ? found : null;
  }
}

/**
 * A `lookup` for http.request that answers only the addresses already resolved and checked, so the
 * connection goes to one of them and a second resolution (DNS rebinding) never happens.
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const fitting = addresses.filter((a) => !family || a.family === family);
    if (fitting.length === 0) return (callback as (e: Error) => void)(new Error(TARGET_REFUSED));
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, fitting);
    const first = fitting[0]!;
    return (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
  };
}
