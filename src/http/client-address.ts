// Owns who the client of a request is behind proxies (docs/operations.md#behind-a-proxy): the socket peer, unless
// the peer is one of SVC_TRUSTED_PROXIES; then X-Forwarded-For read from the right, trusted proxies skipped. Forwarded
// headers from any other peer count for nothing.
import ipaddr from 'ipaddr.js';
import { inRanges, parseRange, type Address, type Range } from '../cidr';

/** An address as text, IPv4-mapped IPv6 as IPv4; null when it is not an address. */
function parseAddress(text: string): Address | null {
  try {
    return ipaddr.process(text.trim());
  } catch {
    return null;
  }
}

export type Proxies = {
  /** True when the socket peer `peer` is a trusted proxy (its forwarded headers are read). */
  trusts(peer: string): boolean;
  /** The client address of a request from socket peer `peer` carrying X-Forwarded-For `forwardedFor`. */
  client(peer: string, forwardedFor: string | null): string;
  /** The scheme the client used: X-Forwarded-Proto of a trusted peer (its rightmost value), else null. */
  scheme(peer: string, forwardedProto: string | null): string | null;
};

/** The proxy rules for the CIDRs of SVC_TRUSTED_PROXIES (already checked by the configuration). */
export function trustedProxies(cidrs: readonly string[]): Proxies {
  const ranges = cidrs.map(parseRange).filter((r): r is Range => r !== null);
  const trusted = (a: Address | null): a is Address => a !== null && inRanges(a, ranges);
  const trusts = (peer: string) => ranges.length > 0 && trusted(parseAddress(peer));
  return {
    trusts,
    client(peer, forwardedFor) {
      const self = parseAddress(peer);
      if (!trusted(self) || !forwardedFor) return self?.toString() ?? peer;
      // Each proxy appends the address it received the request from: the rightmost entries were written by our own
      // proxies, anything left of the first untrusted one was written by the client and may be forged.
      let client = self;
      const hops = forwardedFor.split(',');
      for (let i = hops.length - 1; i >= 0; i--) {
        const hop = parseAddress(hops[i]!);
        // A trusted proxy passed on a value that is no address: the client is the last hop known for sure.
        if (!hop) break;
        client = hop;
        if (!trusted(hop)) break;
      }
      return client.toString();
    },
    scheme(peer, forwardedProto) {
      if (!forwardedProto || !trusts(peer)) return null;
      return forwardedProto.split(',').pop()!.trim().toLowerCase();
    },
  };
}
