// Owns IP range parsing and matching (key IP allowlists, SVC_STREAM_ALLOW_CIDRS); one place, ipaddr.js underneath.
import ipaddr from 'ipaddr.js';

export type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type Range = [Address, number];

/** Parses "10.0.0.0/8", "fd12::/64" or a bare address (a single-host range); null when it is none of them. */
export function parseRange(text: string): Range | null {
  const s = text.trim();
  try {
    if (s.includes('/')) return ipaddr.parseCIDR(s);
    const a = ipaddr.parse(s);
    return [a, a.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** The normalised text of a range: "10.0.0.0/8". */
export const rangeText = ([a, bits]: Range): string => `${a.toString()}/${bits}`;

/** True when `addr` lies in one of `ranges` of its own family. */
export const inRanges = (addr: Address, ranges: Range[]): boolean =>
  ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net as never, bits));
