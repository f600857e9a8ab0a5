// Owns the webhook destination rules (docs/webhooks.md#destinations-that-are-refused): https only, and only global unicast
// addresses after DNS resolution (every other range refused with its name), unless the operator allowlists it.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { inRanges, parseRange, type Range } from '../cidr';
import { config } from '../config';
import { ApiError } from '../errors';

export type Address = { address: string; family: number };
export type Lookup = (host: string) => Promise<Address[]>;
/** A destination as checked: the name for SNI and Host (null for an IP literal) and the addresses that may be dialled. */
export type Destination = { url: URL; host: string; servername: string | null; port: number; addresses: Address[] };

const MAX_URL = 2048;
const DNS_TIMEOUT_MS = 5000;

// Host names of cloud instance-metadata services (GCP, AWS, Azure, OpenStack, Alibaba, Oracle).
const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.com',
  'metadata.platformequinix.com',
  'metadata.tencentyun.com',
  'metadata.oraclecloud.com',
]);
// Cloud instance-metadata endpoints (AWS, GCP, Azure, OpenStack; AWS IPv6; Alibaba).
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

// Reasons for ipaddr.js range names; a range not named here is refused under its own name.
const KINDS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private (shared address space)',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private (site-local)',
  teredo: 'tunnel (Teredo)',
  rfc6052: 'private (local-use NAT64)',
  reserved: 'reserved',
  benchmarking: 'benchmarking',
  amt: 'AMT relay anycast',
  as112: 'AS112 anycast',
  as112v6: 'AS112 anycast',
  discard: 'discard-only',
  orchid2: 'ORCHID',
  deprecatedOrchid: 'ORCHID',
  droneRemoteIdProtocolEntityTags: 'DRIP entity tag',
  segmentRouting: 'segment routing',
};
// Finer reasons inside ipaddr.js's "reserved" ranges, so that the refusal names what the address is.
const NAMED: Array<[string, string]> = [
  ['192.0.2.0/24', 'documentation'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['198.18.0.0/15', 'benchmarking'],
  ['192.0.0.0/24', 'IETF protocol assignment'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['240.0.0.0/4', 'reserved (future use)'],
];
const NAMED_RANGES = NAMED.map(([cidr, kind]) => [ipaddr.parseCIDR(cidr), kind] as const);
// IANA's global unicast space for IPv6 (RFC 4291 2.4): everything else is unallocated.
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');

/** The IPv4 address an IPv6 address carries (mapped, translated, NAT64, 6to4, IPv4-compatible), if any. */
function embeddedV4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = a.parts;
  const tail = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 255, p[7]! >> 8, p[7]! & 255]);
  const range = a.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return tail();
  if (range === 'rfc6052' && p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0) return tail();
  if (range === '6to4') return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 255, p[2]! >> 8, p[2]! & 255]);
  // ::a.b.c.d (deprecated IPv4-compatible form): everything in ::/96 except :: and ::1.
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7]! > 1)) return tail();
  return null;
}

/**
 * Why an address may not be reached (e.g. "loopback", "documentation"), or null for a global unicast
 * address. Allow, don't deny: only what ipaddr.js classifies as `unicast` passes (for IPv6 also inside
 * 2000::/3); an IPv6 form that carries an IPv4 address (mapped, NAT64, 6to4, IPv4-compatible) is
 * judged as that IPv4 address.
 */
export function forbiddenKind(ip: string): string | null {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    a = ipaddr.parse(ip);
  } catch {
    return 'unparseable';
  }
  if (METADATA.has(a.toString())) return 'cloud metadata';
  if (a.kind() === 'ipv6') {
    const inner = embeddedV4(a as ipaddr.IPv6);
    if (inner) return forbiddenKind(inner.toString());
  }
  const range = a.range();
  if (range === 'reserved')
    for (const [[net, bits], kind] of NAMED_RANGES)
      if (net.kind() === a.kind() && a.match(net as never, bits)) return kind;
  if (range !== 'unicast') return KINDS[range] ?? range;
  if (a.kind() === 'ipv6' && !a.match(GLOBAL_V6 as never)) return 'unallocated (outside 2000::/3)';
  return null;
}

let allow: { from: string[]; ranges: Range[] } | null = null;
/** SVC_STREAM_ALLOW_CIDRS parsed (config.ts has refused bad entries at boot); re-read when the config changes. */
function allowRanges(): Range[] {
  const from = config().streamAllowCidrs;
  if (allow?.from !== from) allow = { from, ranges: from.map(parseRange).filter((r) => r !== null) };
  return allow.ranges;
}

/** True when the operator allowlist covers `ip` (an IPv6 form carrying an IPv4 address also matches IPv4 ranges). */
export function allowlisted(ip: string): boolean {
  let raw: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    raw = ipaddr.parse(ip);
  } catch {
    return false;
  }
  const inner = raw.kind() === 'ipv6' ? embeddedV4(raw as ipaddr.IPv6) : null;
  return inRanges(raw, allowRanges()) || (inner !== null && inRanges(inner, allowRanges()));
}

/** docs/webhooks.md#destinations-that-are-refused: url must be an absolute https URL (invalid_url, then not_https). */
export function parseEndpoint(v: unknown): URL {
  if (typeof v !== 'string' || !v.trim() || v.length > MAX_URL)
    throw new ApiError('invalid_url', `url must be an absolute URL of at most ${MAX_URL} characters`);
  let u: URL;
  try {
    u = new URL(v.trim());
  } catch {
    throw new ApiError('invalid_url', 'url is not a valid absolute URL');
  }
  if (u.protocol !== 'https:') throw new ApiError('not_https', 'url must use https');
  if (!u.hostname) throw new ApiError('invalid_url', 'url has no host');
  // Credentials in the URL would be stored and listed in clear; receivers authenticate deliveries by signature.
  if (u.username || u.password) throw new ApiError('invalid_url', 'url must not contain credentials');
  return u;
}

function timeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('DNS lookup timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

function refuse(u: URL, ip: string, kind: string): never {
  throw new ApiError(
    'forbidden_destination',
    `${u.hostname} ${isIP(ip) && u.hostname.replace(/^\[|\]$/g, '') === ip ? 'is' : `resolves to ${ip}, which is`} a ${kind} address`,
  );
}

/**
 * Resolves the URL's host (every address, IPv4 and IPv6) and refuses it when any address is forbidden
 * and not allowlisted: a name that mixes public and private answers is refused as a whole.
 * `onCreate`: a name that does not resolve yet is accepted (it is checked again at every delivery);
 * at delivery a failed lookup throws a plain Error (a failed attempt, retried later).
 */
export async function checkDestination(
  u: URL,
  opts: { onCreate?: boolean; lookup?: Lookup } = {},
): Promise<Destination> {
  // "name." is the same host as "name" (absolute DNS form): compared and resolved without the dot.
  const host = u.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
  const port = u.port ? Number(u.port) : 443;
  const literal = isIP(host) !== 0;
  let addresses: Address[];
  if (literal) addresses = [{ address: host, family: isIP(host) }];
  else {
    addresses = await timeout((opts.lookup ?? systemLookup)(host), DNS_TIMEOUT_MS).catch(() => []);
    // RFC 6761: a localhost name is loopback even when no resolver answers for it.
    if (!addresses.length && (host === 'localhost' || host.endsWith('.localhost'))) refuse(u, '127.0.0.1', 'loopback');
    // Well-known metadata names are refused by name too: they resolve only inside the cloud they belong to.
    if (METADATA_NAMES.has(host)) {
      throw new ApiError('forbidden_destination', `${u.hostname} is a cloud metadata service name`);
    }
    if (!addresses.length) {
      if (opts.onCreate) return { url: u, host, servername: host, port, addresses: [] };
      throw new Error('DNS lookup failed or returned no address');
    }
  }
  for (const a of addresses) {
    const kind = forbiddenKind(a.address);
    if (kind && !allowlisted(a.address)) refuse(u, a.address, kind);
  }
  return { url: u, host, servername: literal ? null : host, port, addresses };
}
